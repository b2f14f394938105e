// React Router's build of the site, the step that runs the pages' code (the edited sections among
// them) while it prerenders. build.mjs runs it contained (build-permissions.mjs). It is what
// `react-router build` does with React Router's `v8_viteEnvironmentApi` flag
// (react-router.config.ts): one Vite builder (Vite's `createBuilder`, its documented JavaScript
// API) builds the client, then the server bundle, and React Router's plugin prerenders in the
// builder's last step. One resolved configuration for both builds instead of one per build
// (docs/performance.md).
// With --wait it loads its tools, warms them up with a throwaway client build (decision 044) and
// resolves the build's configuration first, and builds only once a line `go` arrives on stdin
// (any other line, or the end of stdin, ends it without building): a publish starts the next
// build's process ahead of time, so a save does not wait for Node and Vite to start or for the
// configuration (decision 024).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForGo } from './wait-for-go.mjs';

// What React Router's CLI sets before it loads React (react-dom's production build).
process.env.NODE_ENV ??= 'production';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BUILD_DAY given by hand builds as of that day; otherwise vite.config.ts sets it to today's. */
const dayGiven = process.env.BUILD_DAY !== undefined;

const vite = await import('vite');
await import('@react-router/dev/vite');

/**
 * The configuration, resolved (vite.config.ts, react-router.config.ts and the routes). Nothing in
 * it reads what the owner edits: the sections, the litters and the photos are read by the build
 * itself, and the content's records checked by the prerender (src/entry.server.tsx). The day the
 * pages are built for is fixed in it: `forToday` says whether it still is that day.
 */
const configure = () => vite.createBuilder({ root, mode: 'production' });
function forToday(builder) {
  if (dayGiven) return true;
  const span = JSON.parse(builder.config.define?.__BUILD_DAY_SPAN__ ?? 'null');
  const now = Date.now();
  return span !== null && now >= span.from && now < span.until;
}

/**
 * A publish's process, while it waits: a throwaway build of the client, with a builder of its
 * own and nothing written, so that the plugins', Vite's and Rolldown's code is compiled and warm
 * (V8) when the real build runs. That build was 0.5-1.2 s faster for it (decision 044). The real
 * build keeps a builder of its own (fresh plugin state) configured after it, and reads the
 * sources after the go; a client build runs none of the pages' code (only the prerender does).
 * A failure here (a source being saved, say) changes nothing: the real build reports its own.
 */
async function warmUp() {
  try {
    const warm = await vite.createBuilder({
      root,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    });
    await warm.build(warm.environments.client);
  } catch {
    // Only the warm-up is lost.
  }
}

const waits = process.argv.includes('--wait');
if (waits) await warmUp();
let builder = await configure();
if (waits && !(await waitForGo())) process.exit(0);
if (!forToday(builder)) {
  // The process waited past the kennel's midnight: configured again, for the new day.
  const before = process.env.BUILD_DAY;
  delete process.env.BUILD_DAY;
  builder = await configure();
  console.log(
    `The kennel's day is ${process.env.BUILD_DAY} (configured for ${before}): configured again`,
  );
}
await builder.buildApp();
