// How long a tap takes to answer, the way INP measures it: the longest Event Timing entry of the
// interaction (pointerdown, pointerup, click...), from the input to the next paint after its
// handlers ran. Each run is a fresh page, loaded at full speed and left to settle; then the CPU is
// slowed 4x through the DevTools protocol, like a mid-range phone, and the control is tapped once.
// Issue 38: each control is also tapped while the page may still be starting: loaded with the CPU
// slowed 4x from the start and tapped 1.0 s and 2.5 s after the network went idle.
import { chromium } from 'playwright-core';
import { CHROME_FLAGS } from './lighthouse.mjs';

/** A finger rests this long between press and release (as in apps/web/e2e/early-presses.spec.ts). */
const TAP_MS = 80;
/** The Event Timing API reports no event shorter than this; a tap that fast counts as this. */
const EVENT_FLOOR_MS = 16;

/**
 * The early taps (issue 38, point 1): this long after the page's network went idle (Playwright's
 * 'networkidle': no request for 500 ms), the page loaded with the CPU slowed 4x from the start.
 */
export const EARLY_TAP_DELAYS_MS = [1000, 2500];

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 375, height: 667 };
/** An open popup: the browser's modal dialog, or any element with the dialog role. */
const POPUP = 'dialog[open], [role="dialog"]';

/**
 * What is tapped and what shows that it answered. `tap` and `shown` find an element in the page:
 * the first one matching `selector` (under the CSS selector, the accessible name is the
 * aria-label or else the text) that is rendered and not transparent.
 */
export function interactionList({ layoutCopy, siteNav, healthCopy, ourDogsCopy, puppiesCopy }) {
  const next = healthCopy.naturalLivingCarousel;
  return [
    {
      name: 'Care & Lifestyle dropdown opens',
      route: '/',
      viewport: DESKTOP,
      tap: { selector: 'header button', name: layoutCopy.careMenu.label },
      shown: { selector: 'header [role="menu"]' },
    },
    {
      name: 'Small-screen menu opens',
      route: '/',
      viewport: PHONE,
      tap: { selector: 'header button', name: layoutCopy.menuToggle.open },
      shown: { selector: 'header nav a', name: siteNav().primary[0].label },
    },
    {
      name: 'View Full Pedigree opens',
      route: '/breeding-dogs',
      viewport: DESKTOP,
      tap: { selector: 'main button', name: ourDogsCopy.viewPedigree },
      shown: { selector: POPUP },
    },
    {
      name: 'Carousel next',
      route: '/health-testing',
      viewport: DESKTOP,
      tap: { selector: 'main button', name: next.next },
      // The second dot lights up as the second photo slides in.
      shown: { selector: 'main button[data-active]', name: /^Show photo 2: / },
    },
    {
      name: 'Contest entry opens full-screen',
      route: '/halloween-contest',
      viewport: DESKTOP,
      tap: { selector: '[data-testid="contest-gallery"] button' },
      shown: { selector: POPUP },
    },
    {
      name: 'Puppy photo popup opens',
      route: '/puppies',
      viewport: DESKTOP,
      tap: { selector: '[data-testid="puppy-photo-grid"] button' },
      shown: { selector: POPUP },
    },
    {
      name: 'Litter pedigree popup opens',
      route: '/puppies',
      viewport: DESKTOP,
      tap: { selector: 'main button', name: puppiesCopy.pedigreeButton },
      shown: { selector: POPUP },
    },
    {
      name: 'Read More (/contact)',
      route: '/contact',
      viewport: DESKTOP,
      tap: { selector: 'main button', name: 'Read More' },
      shown: { selector: 'main button', name: 'Read Less' },
    },
  ];
}

/**
 * In the page (serialized by Playwright, so self-contained): the first element matching a
 * `{ selector, name }` that the visitor can see, or null. `name` is a string, or a RegExp's source
 * and flags.
 */
function findInPage({ selector, name, pattern }) {
  const matches = (el) => {
    if (name === undefined && pattern === undefined) return true;
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    return pattern ? new RegExp(pattern).test(label) : label === name;
  };
  return (
    [...document.querySelectorAll(selector)].find(
      (el) =>
        matches(el) &&
        // A control in a section the browser has not drawn yet because it is far below the
        // screen (content-visibility: auto) counts: a visitor scrolls to it, and so does the tap.
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) ?? null
  );
}

const serializable = ({ selector, name }) =>
  name instanceof RegExp ? { selector, pattern: name.source } : { selector, name };

/**
 * Before the tap, in the page: an Event Timing observer, and from the click on, a check each
 * frame for the answer on screen. `window.__tap.result` resolves with the click's time, the
 * moment after the first frame that showed the answer was painted, and the event entries.
 */
function armInPage({ shown, floorMs }) {
  const entries = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      entries.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
      });
    }
  }).observe({ type: 'event', durationThreshold: floorMs });
  const find = window.findInPage;
  window.__tap = {
    result: new Promise((resolve) => {
      addEventListener(
        'click',
        (event) => {
          const clickAt = event.timeStamp;
          const frame = () => {
            if (!find(shown)) {
              requestAnimationFrame(frame);
              return;
            }
            // This frame shows the answer: a message posted now is handled once it is painted.
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const shownAt = performance.now();
              // Event entries arrive after the paint that ends them: give them time to come in.
              setTimeout(() => resolve({ clickAt, shownAt, entries }), 500);
            };
            channel.port2.postMessage(null);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    }),
  };
}

/** Resolves once the page has had a long idle moment twice: nothing left to run after its load. */
function settleInPage() {
  return new Promise((resolve) => {
    let quiet = 0;
    const check = (deadline) => {
      quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
      if (quiet >= 2) resolve();
      else requestIdleCallback(check, { timeout: 1000 });
    };
    requestIdleCallback(check, { timeout: 1000 });
  });
}

/**
 * In the page, from its start (an init script), for an early tap: the tap's observer armed before
 * anything runs, and whether the page had hydrated when the finger went down.
 */
function armEarlyInPage({ shown, floorMs }) {
  armInPage({ shown, floorMs });
  addEventListener(
    'pointerdown',
    () => {
      window.__tapHydrated = document.documentElement.hasAttribute('data-hydrated');
    },
    { capture: true, once: true },
  );
}

/** A press, then the release TAP_MS later without waiting for the page (a finger does not wait). */
async function tapAt(cdp, box) {
  const at = { x: box.x, y: box.y, button: 'left', clickCount: 1 };
  const down = cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', buttons: 1, ...at });
  await new Promise((resolve) => setTimeout(resolve, TAP_MS));
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', buttons: 0, ...at });
  await down;
}

/** The tap's figures from what the page observed (see armInPage). */
function summarize(result) {
  const ids = new Set(result.entries.map((e) => e.interactionId));
  if (ids.size > 1) throw new Error(`one tap made ${ids.size} interactions`);
  const longest = result.entries.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
  return {
    durationMs: longest ? Math.max(longest.duration, EVENT_FLOOR_MS) : EVENT_FLOOR_MS,
    longestEvent: longest?.name ?? null,
    // Where the longest event's time went: waiting for the main thread, its handlers, then the frame.
    inputDelayMs: longest ? Math.round(longest.processingStart - longest.startTime) : null,
    processingMs: longest ? Math.round(longest.processingEnd - longest.processingStart) : null,
    presentationMs: longest
      ? Math.round(longest.startTime + longest.duration - longest.processingEnd)
      : null,
    shownMs: Math.round(result.shownAt - result.clickAt),
  };
}

const answered = (page) =>
  Promise.race([
    page.evaluate(() => window.__tap.result),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the answer was not on screen within 15 s')), 15_000),
    ),
  ]);

/**
 * A browser context at the interaction's viewport that reaches our site only: other sites cannot
 * be reached from here, so the forms embed is left unloaded ('Loading form...').
 */
async function siteOnlyContext(browser, baseUrl, interaction) {
  const context = await browser.newContext({ viewport: interaction.viewport });
  await context.route(
    (url) => url.origin !== new URL(baseUrl).origin,
    (route) => route.abort(),
  );
  return context;
}

/**
 * An early tap: the page loaded with the CPU slowed 4x from the start, the control scrolled to the
 * middle of the screen once the network is idle, and tapped `afterIdleMs` after that moment,
 * whatever the page is doing then (its app may still be starting).
 */
async function measureEarlyOnce(browser, baseUrl, interaction, afterIdleMs) {
  const context = await siteOnlyContext(browser, baseUrl, interaction);
  try {
    const page = await context.newPage();
    const shown = serializable(interaction.shown);
    await page.addInitScript(
      `window.findInPage = ${findInPage.toString()};\n${armInPage.toString()};\n(${armEarlyInPage.toString()})(${JSON.stringify({ shown, floorMs: EVENT_FLOOR_MS })});`,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(new URL(interaction.route, baseUrl).href, { waitUntil: 'networkidle' });
    const idleAt = Date.now();
    const tap = serializable(interaction.tap);
    // The control is in the prerendered page; one drawn later (the litter cards wait for the
    // visitor's clock) is waited for, and the tap is then late: `tapAfterIdleMs` says by how much.
    await page.waitForFunction((spec) => window.findInPage(spec) !== null, tap, {
      timeout: 30_000,
    });
    const box = await page.evaluate((spec) => {
      const el = window.findInPage(spec);
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }, tap);
    const wait = idleAt + afterIdleMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const tapAfterIdleMs = Date.now() - idleAt;
    await tapAt(cdp, box);
    const result = await answered(page);
    const hydratedAtTap = await page.evaluate(() => window.__tapHydrated ?? null);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { ...summarize(result), tapAfterIdleMs, hydratedAtTap };
  } finally {
    await context.close();
  }
}

async function measureOnce(browser, baseUrl, interaction) {
  const context = await siteOnlyContext(browser, baseUrl, interaction);
  try {
    const page = await context.newPage();
    // The serialized helpers reach the page through a global of its own.
    await page.addInitScript(`window.findInPage = ${findInPage.toString()};`);
    await page.goto(new URL(interaction.route, baseUrl).href, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const tap = serializable(interaction.tap);
    // Some controls are drawn after hydration (the litter cards wait for the visitor's clock, in
    // a transition a loaded machine may take seconds to finish): wait for the control itself.
    await page
      .waitForFunction((spec) => window.findInPage(spec) !== null, tap, { timeout: 30_000 })
      .catch(() => {
        throw new Error(`nothing to tap within 30 s of hydration: ${JSON.stringify(tap)}`);
      });
    const box = await page.evaluate((spec) => {
      const el = window.findInPage(spec);
      if (!el) return null;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }, tap);
    if (!box) throw new Error(`nothing to tap: ${JSON.stringify(tap)}`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(settleInPage);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(armInPage, {
      shown: serializable(interaction.shown),
      floorMs: EVENT_FLOOR_MS,
    });
    await tapAt(cdp, box);
    const result = await answered(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return summarize(result);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** When a row's taps were made: once the page had settled, or this long after network idle. */
export const momentLabel = (moment) =>
  moment === 'settled' ? 'settled' : `${(moment / 1000).toFixed(1)} s after network idle`;

/**
 * Every interaction `runs` times at each moment (settled, then each of EARLY_TAP_DELAYS_MS), one
 * run after another, each in a fresh browser context: one row per interaction and moment.
 *
 * @param {{ baseUrl: string, interactions: ReturnType<typeof interactionList>, runs: number, chromePath: string, log: (s: string) => void, early?: boolean }} o
 */
export async function runInteractions({
  baseUrl,
  interactions,
  runs,
  chromePath,
  log,
  early = true,
}) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  const rows = [];
  const moments = ['settled', ...(early ? EARLY_TAP_DELAYS_MS : [])];
  try {
    for (const moment of moments) {
      log(`  ${momentLabel(moment)}:`);
      for (const interaction of interactions) {
        const samples = [];
        let error = null;
        for (let i = 0; i < runs && !error; i++) {
          try {
            samples.push(
              moment === 'settled'
                ? await measureOnce(browser, baseUrl, interaction)
                : await measureEarlyOnce(browser, baseUrl, interaction, moment),
            );
          } catch (e) {
            error = e instanceof Error ? e.message.split('\n')[0] : String(e);
          }
        }
        const durations = samples.map((s) => s.durationMs);
        const shown = samples.map((s) => s.shownMs);
        const row = {
          route: interaction.name,
          path: interaction.route,
          moment,
          viewport: `${interaction.viewport.width}x${interaction.viewport.height}`,
          ...(error ? { error } : {}),
          runs: samples,
          medianMs: durations.length ? median(durations) : null,
          worstMs: durations.length ? Math.max(...durations) : null,
          shownMedianMs: shown.length ? median(shown) : null,
          shownWorstMs: shown.length ? Math.max(...shown) : null,
        };
        if (moment !== 'settled')
          row.beforeHydration = samples.filter((s) => s.hydratedAtTap === false).length;
        rows.push(row);
        log(
          `    ${interaction.name} (${interaction.route}, ${row.viewport}): ${error ? `failed: ${error}` : `${durations.map(Math.round).join(' / ')} ms; answer on screen ${shown.join(' / ')} ms after the click`}${row.beforeHydration ? `; ${row.beforeHydration} tap(s) before hydration` : ''}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
