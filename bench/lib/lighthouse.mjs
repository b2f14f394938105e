// Lighthouse, mobile form factor with its default simulated throttling, one route at a time, each
// in a fresh Chromium launched by the Lighthouse CLI. Full reports go to bench/.lighthouse/ (gitignored).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function run(command, args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

const slug = (route) => (route === '/' ? 'home' : route.slice(1).replace(/[^a-z0-9-]+/gi, '_'));

/** Sum of transfer sizes by resource type, from the network-requests audit. */
function bytesByType(lhr, type) {
  const summary = lhr.audits['resource-summary']?.details?.items;
  const row = summary?.find((i) => i.resourceType === type);
  if (row) return row.transferSize;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const wanted = type === 'script' ? 'Script' : 'Stylesheet';
  return requests
    .filter((r) => r.resourceType === wanted)
    .reduce((n, r) => n + (r.transferSize ?? 0), 0);
}

/** Audits that cost points in the non-performance categories, so a failing score says why. */
function failedAudits(lhr) {
  const failed = {};
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    const category = lhr.categories[id];
    if (!category) continue;
    const list = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => a.id);
    if (list.length) failed[id] = list;
  }
  return failed;
}

function summarize(lhr, route, reportFile) {
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  const num = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpSeconds:
      num('largest-contentful-paint') === null ? null : num('largest-contentful-paint') / 1000,
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpSeconds:
      num('first-contentful-paint') === null ? null : num('first-contentful-paint') / 1000,
    totalBytes: num('total-byte-weight'),
    jsBytes: bytesByType(lhr, 'script'),
    cssBytes: bytesByType(lhr, 'stylesheet'),
    failedAudits: failedAudits(lhr),
    runtimeError: lhr.runtimeError?.message ?? null,
    // Lighthouse's measure of this machine's CPU; its 4x slowdown is calibrated for about 1,000+.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings ?? [],
    report: reportFile,
  };
}

/** Runs of a route that ended in an error and were run again, at most. */
const RETRIES = 2;

/** One Lighthouse run of one route; resolves to the parsed report, or to `{ error }`. */
async function runOnce({ cli, url, reportFile, chromePath }) {
  fs.rmSync(reportFile, { force: true });
  const { code, signal, stderr } = await run(
    process.execPath,
    [
      cli,
      url,
      '--output=json',
      `--output-path=${reportFile}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      '--throttling-method=simulate',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--quiet',
    ],
    { ...process.env, CHROME_PATH: chromePath },
    240_000,
  );
  if (!fs.existsSync(reportFile)) {
    const why = signal ? `killed (${signal})` : `exit ${code}`;
    return { error: `lighthouse ${why}: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}` };
  }
  const lhr = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  // A run Chromium broke (NO_NAVSTART, NO_FCP, ...) has no metrics to compare.
  if (lhr.runtimeError || lhr.audits['interactive']?.numericValue === undefined)
    return { error: `lighthouse: ${lhr.runtimeError?.code ?? 'no metrics'}` };
  return { lhr };
}

/**
 * Each route is measured `runs` times, each in a fresh Chromium, and reported by the run
 * Lighthouse's own `computeMedianRun` picks (the one closest to the median FCP and TTI), as
 * Lighthouse's documentation on variability advises: one run on a shared machine is a sample,
 * not a measurement. Every run's performance score is kept in `perfRuns`.
 *
 * @param {{ baseUrl: string, routes: string[], runs?: number, repoRoot: string, outDir: string, chromePath: string, log: (s: string) => void }} o
 */
export async function runLighthouse({
  baseUrl,
  routes,
  runs = 1,
  repoRoot,
  outDir,
  chromePath,
  log,
}) {
  fs.mkdirSync(outDir, { recursive: true });
  const cli = path.join(repoRoot, 'node_modules/lighthouse/cli/index.js');
  const rows = [];
  for (const route of routes) {
    const started = Date.now();
    const results = [];
    // A run that ends in an error (Chromium crashed, no first paint recorded) measured nothing:
    // it is logged and run again, up to RETRIES times per route; a run that completes counts,
    // whatever its score.
    const errors = [];
    let retries = RETRIES;
    for (let i = 0; i < runs; i++) {
      const reportFile = path.join(outDir, `${slug(route)}.run${i + 1}.report.json`);
      const result = await runOnce({
        cli,
        url: new URL(route, baseUrl).href,
        reportFile,
        chromePath,
      });
      if (result.error && retries > 0) {
        retries--;
        errors.push(result.error);
        log(`  lighthouse ${route}: run ${i + 1} ended in an error, run again: ${result.error}`);
        i--;
        continue;
      }
      results.push({ ...result, reportFile });
    }
    const good = results.filter((r) => r.lhr);
    errors.push(...results.filter((r) => r.error).map((r) => r.error));
    if (good.length === 0) {
      log(`  lighthouse ${route}: failed: ${errors.join(' | ')}`);
      rows.push({ route, error: errors[0] });
      continue;
    }
    const median = computeMedianRun(good.map((r) => r.lhr));
    const chosen = good.find((r) => r.lhr === median);
    const reportFile = path.join(outDir, `${slug(route)}.report.json`);
    fs.copyFileSync(chosen.reportFile, reportFile);
    const row = {
      ...summarize(median, route, path.relative(repoRoot, reportFile)),
      perfRuns: results.map((r) =>
        r.lhr ? Math.round(r.lhr.categories.performance.score * 100) : null,
      ),
      failedRuns: errors,
    };
    rows.push(row);
    log(
      `  lighthouse ${route}: perf ${row.performance} (runs ${row.perfRuns.map((p) => p ?? 'failed').join('/')}) a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} ` +
        `LCP ${row.lcpSeconds?.toFixed(2)} s TBT ${row.tbtMs?.toFixed(0)} ms, CPU benchmark ${row.benchmarkIndex?.toFixed(0)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return rows;
}
