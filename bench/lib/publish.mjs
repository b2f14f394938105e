// Publish of an edit (issue 23: within 5-7 s on this machine): a server that publishes, the owner's
// Words save of a section, and the time from the save to the new page being served. Each run
// changes one of the section's words and the last run puts the original back; the file is also
// written back byte for byte whatever happens, so the repository is left as it was.
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before each save, as long as an owner takes to look at the page and type the next change: the
 * server prepares the next build's process between publishes (decision 024), and saves made
 * back to back, within a second of each other, would time that preparation instead: they went
 * live after 5.9-8.0 s where saves 5 s apart took 5.1-5.8 s (decision 024).
 */
const THINK_MS = 5_000;

/**
 * When, from `began`, the page first comes in brotli to a browser that asks for it (the copies
 * are made once the build is live: decision 043), or null if it does not within 10 s of the
 * call. Node's fetch decodes the body itself; the header says how it came.
 */
async function brotliAfter(url, began) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    if (response.headers.get('content-encoding') === 'br') return Date.now() - began;
    await sleep(20);
  }
  return null;
}

/**
 * `start()` gives a publishing server ({ baseUrl, stop }), `signIn(server)` its session cookie.
 * `file` is a section's repository path, `route` the page it is on.
 */
export async function runPublish({
  start,
  signIn,
  apiRoutes,
  repoRoot,
  buildsDir,
  file,
  route,
  runs,
  log,
}) {
  const original = fs.readFileSync(path.join(repoRoot, file));
  // The builds it makes name the bench server's address in their pages: a server started later
  // on this repository would take the newest of them as current, so they go at the end.
  const folders = () => new Set(fs.existsSync(buildsDir) ? fs.readdirSync(buildsDir) : []);
  const before = folders();
  const server = await start();
  try {
    const session = await signIn(server);
    if (session.skip) return { skip: session.skip };
    const headers = {
      cookie: session.cookie,
      origin: server.baseUrl,
      'content-type': 'application/json',
    };
    const call = async (pathname, init = {}) => {
      const response = await fetch(new URL(pathname, server.baseUrl), {
        ...init,
        headers: { ...headers, ...init.headers },
      });
      const body = await response.json().catch(() => null);
      return { status: response.status, body };
    };
    const wordsPath = apiRoutes.readWords.path.replace(':path', encodeURIComponent(file));
    const status = async () => (await call(apiRoutes.publishStatus.path)).body;
    // A publish still running after this long fails the run instead of hanging the benchmark.
    const settled = async (since, deadline = Date.now() + 120_000) => {
      for (;;) {
        if (Date.now() > deadline) throw new Error('the publish did not finish within 120 s');
        const s = await status();
        if (s.state === 'failed') throw new Error(`the publish failed: ${s.error}`);
        if (s.state === 'published' && s.finishedAt && Date.parse(s.finishedAt) >= since) return s;
        await sleep(50);
      }
    };
    if (!(await status()).sandbox) return { skip: 'the server does not publish here' };

    const first = await call(wordsPath);
    const word = first.body?.words?.find((w) => typeof w.value === 'string' && w.value.length);
    if (!word) return { skip: `${file} has no words to change` };
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      await sleep(THINK_MS);
      const current = await call(wordsPath);
      const value = run === runs ? word.value : `${word.value} (${run})`;
      const began = Date.now();
      const saved = await call(wordsPath, {
        method: 'PUT',
        headers: { 'if-match': `"${current.body.sha256}"` },
        body: JSON.stringify({ words: [{ key: word.key, value }] }),
      });
      if (saved.status !== 200)
        throw new Error(`the save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
      const done = await settled(began);
      const ms = Date.now() - began;
      // The page the visitor gets carries the edit.
      const page = await fetch(new URL(route, server.baseUrl)).then((r) => r.text());
      const shown = page.includes(value.replaceAll('&', '&amp;'));
      // The page goes live uncompressed; its brotli copy is made after (decision 043).
      const brotliMs = await brotliAfter(new URL(route, server.baseUrl), began);
      // Where the server spent it: from the save until the build began, then its phases.
      const phases = { save: Date.parse(done.startedAt) - began, ...done.lastPhasesMs };
      samples.push({ run, ms, shown, phases, brotliMs });
      const spent = Object.entries(phases).map(([name, value]) => `${name} ${value} ms`);
      log(
        `  save ${run}: live after ${ms} ms${shown ? '' : ' (the page does not show it!)'} (${spent.join(', ')}); in brotli after ${brotliMs ?? '-'} ms`,
      );
    }
    const s = await status();
    return { file, route, sandbox: s.sandbox, samples, usualMs: s.usualMs };
  } finally {
    await server.stop();
    fs.writeFileSync(path.join(repoRoot, file), original);
    for (const name of folders())
      if (!before.has(name))
        fs.rmSync(path.join(buildsDir, name), { recursive: true, force: true });
  }
}
