// Run before the e2e servers start (playwright.config.ts): removes the publish builds an earlier
// run left in apps/web/dist/builds. A server serves the newest build made from the files on disk,
// and that can be one of these; the admin spec's server removes builds it no longer serves after
// its publishes, which must never be one another e2e server is serving. With none left, every
// server starts from the build `turbo run e2e` has just made (WEB_DIST). A fresh clone has none.
import fs from 'node:fs';

fs.rmSync(new URL('../dist/builds', import.meta.url), { recursive: true, force: true });
