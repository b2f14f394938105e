// Mantine's global styles; each component's own stylesheet comes with it (vite/mantine-css-plugin.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's CSS variables and Mantine's hidden-from/visible-from classes (what MantineProvider
// would write into every page), kept equal to Mantine's output by ui/theme-css.test.tsx.
import './ui/theme.css';
import { boot, readSteps } from './boot';

// The page's only script: small, so the page is painted and its hero shown before the app's code
// is even asked for. The app is a chunk of its own; `boot` evaluates it and the page's chunks (the
// prerender lists them in the script tag) one task at a time, then starts it.
boot({
  steps: readSteps(document),
  load: (url) => import(/* @vite-ignore */ url),
  startApp: () => import('./app/client-app').then(({ startApp }) => startApp()),
});
