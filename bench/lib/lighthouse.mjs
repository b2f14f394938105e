// Lighthouse, mobile form factor with its default simulated throttling, one route at a time, each
// in a fresh Chromium launched by the Lighthouse CLI. Full reports go to bench/.lighthouse/ (gitignored).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

export function summarize(lhr, route, reportFile) {
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
    warnings: lhr.runWarnings ?? [],
    report: reportFile,
  };
}

/**
 * @param {{ baseUrl: string, routes: string[], repoRoot: string, outDir: string, chromePath: string, log: (s: string) => void }} o
 */
export async function runLighthouse({ baseUrl, routes, repoRoot, outDir, chromePath, log }) {
  fs.mkdirSync(outDir, { recursive: true });
  const cli = path.join(repoRoot, 'node_modules/lighthouse/cli/index.js');
  const rows = [];
  for (const route of routes) {
    const reportFile = path.join(outDir, `${slug(route)}.report.json`);
    fs.rmSync(reportFile, { force: true });
    const started = Date.now();
    const { code, signal, stderr } = await run(
      process.execPath,
      [
        cli,
        new URL(route, baseUrl).href,
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
      log(
        `  lighthouse ${route}: failed, ${why}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
      );
      rows.push({
        route,
        error: `lighthouse ${why}: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`,
      });
      continue;
    }
    const lhr = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    const row = summarize(lhr, route, path.relative(repoRoot, reportFile));
    rows.push(row);
    log(
      `  lighthouse ${route}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} ` +
        `LCP ${row.lcpSeconds?.toFixed(2)} s (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return rows;
}
