// The suite's own figures (issue 38, point 5): `npm run bench:suite` clones the committed HEAD into
// a temporary folder, runs `npm test` there with CI=true as CI does, and records how long it took
// and the ten slowest tests (from the JSON reports vitest and Playwright write when TEST_REPORT_DIR
// is set). Writes bench/suite-results.json; exits 1 over the budget, 2 when the suite failed.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS } from './budgets.mjs';
import { table } from './lib/table.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const keep = process.argv.includes('--keep');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-suite-'));
const clone = path.join(work, 'repo');
const reports = path.join(work, 'reports');
fs.mkdirSync(reports);
execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
const commit = execFileSync('git', ['-C', clone, 'rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).trim();

console.log(`npm test on a fresh clone of ${commit} in ${clone} (CI=true); log: ${work}/test.log`);
const log = fs.openSync(path.join(work, 'test.log'), 'w');
const started = Date.now();
const loadAtStart = os.loadavg().map((n) => Number(n.toFixed(2)));
// GNU time, where installed, says how much CPU the suite used: with the wall time, how busy it
// kept the machine's cores. It misses Chromium's processes (not waited for by Playwright), so it
// undercounts the browser tests.
const timeFile = path.join(work, 'cpu.txt');
const gnuTime = fs.existsSync('/usr/bin/time');
const exitCode = await new Promise((resolve) => {
  // TURBO_RUN_SUMMARY: turbo writes each task's start and end under .turbo/runs.
  const env = { ...process.env, CI: 'true', TEST_REPORT_DIR: reports, TURBO_RUN_SUMMARY: 'true' };
  // As a new clone has it: no store, provider or port of the developer's shell.
  for (const k of ['MONGODB_URI', 'MONGODB_DB', 'E2E_PORT', 'E2E_WORKERS']) delete env[k];
  const [command, args] = gnuTime
    ? ['/usr/bin/time', ['-f', '%U %S', '-o', timeFile, 'npm', 'test']]
    : ['npm', ['test']];
  const child = spawn(command, args, { cwd: clone, env, stdio: ['ignore', log, log] });
  child.on('exit', (code) => resolve(code ?? 1));
});
const seconds = (Date.now() - started) / 1000;
const cpuSeconds = gnuTime
  ? fs
      .readFileSync(timeFile, 'utf8')
      .trim()
      .split('\n')
      .at(-1)
      .split(' ')
      .reduce((sum, n) => sum + Number(n), 0)
  : null;

/** Each turbo task's time, from the run summaries (`.turbo/runs/*.json`), in the order they began. */
function turboTasks() {
  const dir = path.join(clone, '.turbo', 'runs');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).tasks ?? [])
    .filter((task) => task.execution?.startTime)
    .map((task) => ({
      task: task.taskId,
      startS: Math.round((task.execution.startTime - started) / 1000),
      seconds: Math.round((task.execution.endTime - task.execution.startTime) / 1000),
      cached: task.cache?.status === 'HIT',
    }))
    .sort((a, b) => a.startS - b.startS);
}
const tasks = turboTasks();

/** Every test of a vitest JSON report: its file, name and milliseconds. */
function vitestTests(file, suite) {
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return report.testResults.flatMap((result) =>
    result.assertionResults.map((test) => ({
      suite,
      file: path.relative(clone, result.name),
      name: test.fullName,
      ms: Math.round(test.duration ?? 0),
    })),
  );
}

/** Every test of a Playwright JSON report (each project's run of it). */
function playwrightTests(file) {
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        out.push({
          suite: `e2e [${test.projectName}]`,
          file: `apps/web/e2e/${spec.file}`,
          name: [...titles, spec.title].join(' › '),
          ms: test.results.reduce((sum, r) => sum + r.duration, 0),
        });
    // A file's suite holds its describe blocks' suites, each titled by its describe.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return out;
}

const tests = [
  ...vitestTests(path.join(reports, 'api.json'), 'api'),
  ...vitestTests(path.join(reports, 'web.json'), 'web'),
  ...playwrightTests(path.join(reports, 'e2e.json')),
];
const slowest = [...tests].sort((a, b) => b.ms - a.ms).slice(0, 10);
const budget = BUDGETS.suiteMinutes;
const minutes = seconds / 60;

console.log(
  `\n${exitCode === 0 ? 'passed' : `FAILED (exit ${exitCode})`} in ${minutes.toFixed(1)} min` +
    ` (budget ${budget} min; load average at start ${loadAtStart.join(', ')}); ${tests.length} timed tests`,
);
if (cpuSeconds !== null)
  console.log(
    `CPU ${Math.round(cpuSeconds)} s over ${Math.round(seconds)} s: ${(cpuSeconds / seconds).toFixed(2)} of ${os.cpus().length} cores busy on average`,
  );
if (tasks.length) {
  console.log('\nturbo tasks (seconds from the start of npm test):');
  console.log(
    table(
      ['start s', 'took s', 'task'],
      tasks.map((t) => [t.startS, t.seconds, `${t.task}${t.cached ? ' (cache hit)' : ''}`]),
    ),
  );
}
console.log('\nThe ten slowest tests:');
console.log(
  table(
    ['s', 'suite', 'test'],
    slowest.map((t) => [(t.ms / 1000).toFixed(1), t.suite, `${t.file}: ${t.name}`.slice(0, 150)]),
  ),
);

fs.writeFileSync(
  path.join(benchDir, 'suite-results.json'),
  JSON.stringify(
    {
      timestamp: new Date().toISOString(),
      commit,
      cpus: os.cpus().length,
      loadAtStart,
      exitCode,
      minutes: Number(minutes.toFixed(2)),
      cpuSeconds: cpuSeconds === null ? null : Math.round(cpuSeconds),
      tasks,
      budgetMinutes: budget,
      timedTests: tests.length,
      slowest,
    },
    null,
    2,
  ) + '\n',
);
if (!keep) fs.rmSync(work, { recursive: true, force: true });
process.exit(exitCode !== 0 ? 2 : minutes > budget ? 1 : 0);
