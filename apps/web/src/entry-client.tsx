// Mantine's global styles; each component's own stylesheet comes with it (vite/mantine-css-plugin.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

// The app is a chunk of its own and this entry stays a few bytes: the boot script that the
// prerendered pages name (scripts/prerender.mjs) evaluates the app's chunks and the page's, one
// task at a time, before it imports this file, so no single task holds the main thread for long.
void import('./app/client-app').then(({ startApp }) => startApp());
