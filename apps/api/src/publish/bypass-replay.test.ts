// Issue 35, point 4: every bypass ever recorded (decision 014's probe and this issue's element
// imitations) replayed through the editor's API on a running server, with the real web build:
// the live page never carries it. The imitations are then written straight to disk, past the
// section check, as a future bypass of it would be: the real publish build renders them, and the
// page gate keeps them off the live site.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileUrl, publishStatusSchema } from '@cedar/api-contract';
import { readBuildInfo, readSources } from '@cedar/build-info';
import { compressTree } from '@cedar/build-info/compress';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/repo-root';
import { buildLoggedIn, type LoggedIn, type TestApp } from '../test/build';
import { HERO } from '../test/per-test';
import { linkRepoCopy } from '../test/files';
import { chooseSandbox } from './sandbox';
import { webAppBuilder } from './web-builder';

const repoRoot = findRepoRoot()!;
const temps: string[] = [];
let app: (TestApp & LoggedIn) | undefined;
afterAll(async () => {
  await app?.close();
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true });
});

/** What each bypass would put on the live page. */
const MARKERS = {
  script: "fetch('/api/admin/inquiries/export.csv')",
  meta: 'https://attacker.example/refresh',
  iframe: 'framed-by-the-attacker',
  div: 'onerror=alert(35)',
  base: 'https://attacker.example/base/',
};

/** The probe: a value that imitates one of React's elements, of each type. */
const IMITATIONS = `const probe = <span />;
const script = { $$typeof: probe.$$typeof, type: 'script', key: null, ref: null, props: { children: "${MARKERS.script}" } };
const meta = { $$typeof: probe.$$typeof, type: 'meta', key: null, ref: null, props: { httpEquiv: 'refresh', content: '9999;url=${MARKERS.meta}' } };
const iframe = { $$typeof: probe.$$typeof, type: 'iframe', key: null, ref: null, props: { srcDoc: '<b>${MARKERS.iframe}</b>' } };
const div = { $$typeof: probe.$$typeof, type: 'div', key: null, ref: null, props: { dangerouslySetInnerHTML: { __html: '<img src=/x.jpg ${MARKERS.div}>' } } };
const base = { $$typeof: probe.$$typeof, type: 'base', key: null, ref: null, props: { href: '${MARKERS.base}' } };`;

const heroWith = (top: string, jsx: string, imports = '') =>
  `import { Box } from '@mantine/core';\n${imports}\n${top}\n\nexport function HeroSection() {\n  return <Box component="section">${jsx}</Box>;\n}\n`;

/** Every recorded bypass, as a hero section the owner's editor could send. */
const BYPASSES: [string, string, string][] = [
  ...(['script', 'meta', 'iframe', 'div', 'base'] as const).map(
    (type): [string, string, string] => [
      `an element imitation of type ${type} (issue 35)`,
      heroWith(IMITATIONS, `{${type}}`),
      MARKERS[type],
    ],
  ),
  [
    'globalThis through an instantiation expression (decision 014)',
    heroWith("const host: any = globalThis<0>;\nconst marker = 'probe-global-35';", '{marker}'),
    'probe-global-35',
  ],
  [
    '__lookupGetter__ through a string (decision 014)',
    heroWith(
      "const g = ({} as any)['__lookupGetter__']('__proto__');\nconst marker = 'probe-getter-35';",
      '{marker}',
    ),
    'probe-getter-35',
  ],
  [
    'dangerouslySetInnerHTML (decision 014)',
    heroWith(
      '',
      `<div dangerouslySetInnerHTML={{ __html: '<img src=/y.jpg onerror=alert(14)>' }} />`,
    ),
    'onerror=alert(14)',
  ],
  [
    'a handler reaching the admin origin (decision 014)',
    heroWith('', `<div onClick={(e: any) => e.view.localStorage.clear()}>probe-click-35</div>`),
    'probe-click-35',
  ],
];

describe(
  'every recorded bypass, replayed on a running server with the real build',
  { timeout: 600_000 },
  () => {
    it('never reaches the live page: refused on save, and kept off by the gate when written past the check', async () => {
      const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-replay-'));
      temps.push(copy);
      await linkRepoCopy(repoRoot, copy);
      const web = path.join(copy, 'apps/web');
      const kind = chooseSandbox('auto').kind;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-replay-data-'));
      temps.push(dataDir);
      const builder = webAppBuilder({
        webAppDir: web,
        repoRoot: copy,
        dataDir,
        sandbox: kind,
        timeoutMs: 300_000,
        publicUrl: 'http://localhost:3000',
      });
      // The trusted build, as `npm start` makes it from the checked-out (shipped) sections:
      // apps/web/dist itself when it was built from these sections (turbo builds it before this
      // suite: one real build less, 20-50 s), else the public pages built the same way with an
      // admin shell of its own.
      const webDist = path.join(web, 'dist/start-up');
      const startUp = path.join(repoRoot, 'apps/web/dist/client');
      const [built, sources] = await Promise.all([readBuildInfo(startUp), readSources(copy)]);
      if (built?.fingerprint === sources.fingerprint) {
        // Copied, not linked: nothing the server does to its live folder reaches apps/web/dist.
        await fs.cp(startUp, path.join(webDist, 'client'), { recursive: true });
      } else {
        await builder(webDist, new AbortController().signal);
        await fs.writeFile(
          path.join(webDist, 'client/admin.html'),
          '<!doctype html><title>Admin</title>',
        );
        // Precompressed, as `npm start` leaves WEB_DIST (build.mjs): the server takes those copies.
        await compressTree(path.join(webDist, 'client'));
      }

      app = await buildLoggedIn({
        repoRoot: copy,
        webDist: path.join(webDist, 'client'),
        env: { PUBLIC_URL: 'http://localhost:3000' },
        sandbox: { kind, codeOff: null },
        builder,
      });
      const a = app;
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const live = async () => {
        const res = await fetch(`${address}/`);
        return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
      };
      const before = await live();
      expect(before.html).toContain('hero-heading');

      // Through the editor's API: each is refused with its place and reason, the file untouched.
      const shipped = await fs.readFile(path.join(copy, HERO), 'utf8');
      for (const [label, source, marker] of BYPASSES) {
        const res = await fetch(`${address}${fileUrl(HERO)}`, {
          method: 'PUT',
          headers: { ...a.headers, 'content-type': 'text/plain' },
          body: source,
        });
        expect(res.status, label).toBe(422);
        const body = (await res.json()) as { line: number; column: number; message: string };
        expect(body.line, label).toBeGreaterThan(0);
        expect(body.column, label).toBeGreaterThan(0);
        expect(body.message, label).toMatch(/^Line \d+, column \d+: /);
        expect(await fs.readFile(path.join(copy, HERO), 'utf8'), label).toBe(shipped);
        expect((await live()).html, label).not.toContain(marker);
      }

      // Past the check: the five imitations written straight to disk (unlinked first: the copy's
      // files are the repository's), then a publish with the real build in its sandbox.
      await fs.rm(path.join(copy, HERO));
      await fs.writeFile(
        path.join(copy, HERO),
        heroWith(IMITATIONS, `<p id="hero-heading">replayed</p>{script}{meta}{iframe}{div}{base}`),
      );
      a.services.publisher.request('owner');
      await a.services.publisher.settled();
      const status = publishStatusSchema.parse(
        await (await fetch(`${address}/api/admin/publish`, { headers: a.headers })).json(),
      );
      expect(status.state).toBe('failed');
      expect(status.error).toMatch(/^Not published: the page \/ has /);
      expect(status.error).toContain('Hero Section');
      const after = await live();
      for (const marker of Object.values(MARKERS)) expect(after.html).not.toContain(marker);
      expect(after.html).not.toContain('replayed');
      expect(after.html).toBe(before.html);
      expect(after.csp).toBe(before.csp);
    });
  },
);
