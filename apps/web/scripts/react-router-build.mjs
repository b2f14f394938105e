// React Router's build of the site, the step that runs the pages' code (the edited sections among
// them) while it prerenders. build.mjs runs it contained (build-permissions.mjs). It is what
// `react-router build` does with React Router's `v8_viteEnvironmentApi` flag
// (react-router.config.ts): one Vite builder (Vite's `createBuilder`, its documented JavaScript
// API) builds the client, then the server bundle, and React Router's plugin prerenders in the
// builder's last step. One resolved configuration for both builds instead of one per build
// (docs/performance.md).
// With --wait it loads its tools first and builds only once a line `go` arrives on stdin (any
// other line, or the end of stdin, ends it without building): a publish starts the next build's
// process ahead of time, so a save does not wait for Node and Vite to start (decision 024).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForGo } from './wait-for-go.mjs';

// What React Router's CLI sets before it loads React (react-dom's production build).
process.env.NODE_ENV ??= 'production';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The tools, loaded before the go: nothing here reads the sources or the content.
const vite = await import('vite');
await import('@react-router/dev/vite');

if (process.argv.includes('--wait') && !(await waitForGo())) process.exit(0);

const builder = await vite.createBuilder({ root, mode: 'production' });
await builder.buildApp();
