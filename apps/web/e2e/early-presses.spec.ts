// Every press counts, from the moment a page is painted: before its app has started (the browser
// follows links on its own; a button is pressed again by the app once it has hydrated), while the
// app starts, and after. Each public page is loaded with the CPU slowed 4x, like a
// mid-range phone, and tapped at one of six moments after DOMContentLoaded; over all the loads,
// every page's calls to action and every header link are pressed, the header's at every moment.
import { layoutCopy, pageMeta, PUBLIC_ROUTES, site, siteNav } from '@cedar/content';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Milliseconds after DOMContentLoaded: before the app starts, while it starts, after. */
const MOMENTS = [0, 50, 150, 300, 600, 1000] as const;
/** A tap: the finger rests this long between press and release. */
const TAP_MS = 80;

interface Target {
  /** The landmark the control is in. */
  within: 'banner' | 'main' | 'contentinfo';
  role: 'link' | 'button';
  name: string | RegExp;
}
/** A control and what pressing it once does: open a page of the site, another site in a new tab, or show something. */
type Press = Target & ({ to: string } | { tab: string } | { shows: (page: Page) => Locator });

const link = (within: Target['within'], name: Target['name'], to: string): Press => ({
  within,
  role: 'link',
  name,
  to,
});

const { careMenu, book } = layoutCopy;
const { primary: primaryNav, contact, footer } = siteNav();
const HEADER: Press[] = [
  link('banner', site.brandName, '/'),
  ...primaryNav.map((item) => link('banner', item.label, item.to)),
  {
    within: 'banner',
    role: 'button',
    name: careMenu.label,
    shows: (page) => page.getByRole('menu'),
  },
  { within: 'banner', role: 'link', name: book.label, tab: site.urls.book },
  link('banner', contact.label, contact.to),
];
const FOOTER: Press[] = footer.map((item) => link('contentinfo', item.label, item.to));

/** Each page's calls to action. */
const CALLS_TO_ACTION: Record<string, Press[]> = {
  '/': [
    link('main', 'Meet Our Dogs', '/breeding-dogs'),
    link('main', 'Contact Us', '/contact'),
    link('main', /Halloween Costume Contest/, '/halloween-contest'),
    link('main', 'Our Dogs', '/breeding-dogs'),
    link('main', 'Puppy Placement', '/puppies'),
    link('main', 'Behavior Academy Options', '/training'),
    link('main', 'Start Your Journey', '/contact'),
  ],
  '/puppies': [
    link('main', 'Start Your Journey Today', '/puppy-application'),
    // Drawn once the visitor's clock is known, so pressed as soon as it is painted.
    link('main', /^(Contact About This Litter|Reserve Your Spot)$/, '/puppy-application'),
  ],
  '/breeding-dogs': [
    {
      within: 'main',
      role: 'button',
      name: 'View Full Pedigree',
      shows: (page) => page.getByRole('dialog', { name: /Pedigree/ }),
    },
  ],
  '/health-testing': [
    {
      within: 'main',
      role: 'button',
      name: 'Read the full article: Fresh Dog Food',
      shows: (page) => page.getByRole('dialog', { name: 'Fresh Dog Food' }),
    },
  ],
  '/training': [link('main', 'Begin Your Journey', '/puppy-application')],
  '/boarding': [
    { within: 'main', role: 'link', name: 'Request a Retreat', tab: site.urls.retreatForm },
  ],
  '/raw-dog-food': [
    { within: 'main', role: 'link', name: 'Place Your Order Here', tab: site.urls.foodOrder },
  ],
  '/halloween-contest': [
    { within: 'main', role: 'link', name: 'Upload Your Photo', tab: site.urls.contestUpload },
  ],
  '/contact': [
    {
      within: 'main',
      role: 'button',
      name: 'Read More',
      shows: (page) => page.getByRole('main').getByRole('button', { name: 'Read Less' }),
    },
  ],
};

const label = (press: Press) =>
  `${press.within === 'banner' ? 'header' : press.within === 'main' ? 'page' : 'footer'} ${press.role} "${typeof press.name === 'string' ? press.name : press.name.source}"`;
const leadsTo = (press: Press, route: string) => 'to' in press && press.to === route;

/**
 * One load per (page, moment) and one press per load. A page's calls to action come first, each
 * at another moment; the other loads press a header link not yet pressed at that moment, else the
 * footer link pressed least (the check below says every header link gets every moment).
 */
function schedule() {
  const rows: Array<{ route: string; press: Press; moment: number }> = [];
  PUBLIC_ROUTES.forEach((route, r) => {
    const own = CALLS_TO_ACTION[route] ?? [];
    for (let i = 0; i < Math.max(MOMENTS.length, own.length); i++) {
      const moment = MOMENTS[(i + r) % MOMENTS.length] ?? 0;
      const rank = (press: Press) =>
        (rows.some((row) => row.press === press && row.moment === moment) ? 1000 : 0) +
        (FOOTER.includes(press) ? 100 : 0) +
        rows.filter((row) => row.press === press).length;
      const [press] = own[i]
        ? [own[i]]
        : [...HEADER, ...FOOTER]
            .filter((candidate) => !leadsTo(candidate, route))
            .sort((a, b) => rank(a) - rank(b));
      if (press) rows.push({ route, press, moment });
    }
  });
  return rows;
}
const SCHEDULE = schedule();

test('the loads press every call to action, and every header link at every moment', () => {
  for (const [route, presses] of Object.entries(CALLS_TO_ACTION))
    for (const press of presses)
      expect(SCHEDULE.some((row) => row.route === route && row.press === press)).toBe(true);
  const missing = HEADER.flatMap((press) =>
    MOMENTS.filter((moment) => !SCHEDULE.some((r) => r.press === press && r.moment === moment)).map(
      (moment) => `${label(press)} at ${moment} ms`,
    ),
  );
  expect(missing).toEqual([]);
});

// Other sites cannot load here: a new tab gets a stand-in page, the forms embed a stand-in script.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\//, (route) =>
    route.request().resourceType() === 'script'
      ? route.fulfill({
          contentType: 'text/javascript',
          body: 'window.hbspt = { forms: { create() {} } };',
        })
      : route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }),
  );
});

/** What the page says at DOMContentLoaded: where to press (if painted yet), how many visits. */
interface Found {
  spot: { x: number; y: number } | null;
  visits: number;
}
const FOUND = 'early-press: ';

/**
 * Once the page has hydrated (root.tsx marks <html> from its first effect).
 */
async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Holds every request for the scripts matching `glob` until `release()` is called after it:
 * `inHand()` resolves once a request is held (one made before the call counts).
 */
async function holdScripts(page: Page, glob: string) {
  let gates: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  await page.route(glob, async (route) => {
    await new Promise<void>((go) => {
      gates.push(go);
      for (const wake of waiting.splice(0)) wake();
    });
    await route.continue();
  });
  return {
    inHand: () =>
      gates.length > 0 ? Promise.resolve() : new Promise<void>((wake) => waiting.push(wake)),
    release: () => {
      const open = gates;
      gates = [];
      for (const go of open) go();
    },
  };
}

test.describe('a press at any moment after the first paint arrives, with the CPU slowed 4x', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const { route, press, moment } of SCHEDULE) {
    test(`${route}: ${label(press)} pressed ${moment} ms after DOMContentLoaded`, async ({
      page,
    }) => {
      const target = {
        landmark: { banner: 'header', main: 'main', contentinfo: 'footer' }[press.within],
        selector: press.role === 'link' ? 'a[href]' : 'button, [role="button"]',
        name: typeof press.name === 'string' ? press.name : null,
        pattern: typeof press.name === 'string' ? null : press.name.source,
      };
      // In the page, at DOMContentLoaded: where the finger will go (the control scrolled into
      // view if below the fold), found by landmark, tag and name with plain DOM calls and told
      // through the console, which needs no round trip to the page: while the page lays itself
      // out and the app starts, any call into it waits for the slowed main thread (the locators'
      // accessibility queries cost it hundreds of ms more). And when the press lands, for the
      // report: before the app's code was asked for, while the app started, or once
      // the page was hydrated.
      await page.addInitScript(
        ({ spec, prefix }) => {
          document.addEventListener('DOMContentLoaded', () => {
            const control = [
              ...(document.querySelector(spec.landmark)?.querySelectorAll(spec.selector) ?? []),
            ].find((element) => {
              const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
              const named = spec.pattern ? new RegExp(spec.pattern).test(name) : name === spec.name;
              return named && element.checkVisibility();
            });
            control?.scrollIntoView({ block: 'nearest' });
            const box = control?.getBoundingClientRect();
            const spot = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
            console.debug(prefix + JSON.stringify({ spot, visits: history.length }));
          });
          addEventListener(
            'pointerdown',
            (event) => {
              const [navigation] = performance.getEntriesByType('navigation');
              const since =
                event.timeStamp -
                (navigation as PerformanceNavigationTiming).domContentLoadedEventStart;
              const phase = document.documentElement.hasAttribute('data-hydrated')
                ? 'after the app started'
                : document.querySelector('link[rel="modulepreload"]')
                  ? 'while the app started'
                  : 'before the app started';
              sessionStorage.setItem('press', `${Math.round(since)} ms, ${phase}`);
            },
            { capture: true, once: true },
          );
        },
        { spec: target, prefix: FOUND },
      );
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const tabs: Page[] = [];
      page.context().on('page', (tab) => tabs.push(tab));

      const said = page.waitForEvent('console', (message) => message.text().startsWith(FOUND));
      await page.goto(route, { waitUntil: 'commit' });
      const found = JSON.parse((await said).text().slice(FOUND.length)) as Found;
      let spot = found.spot;
      if (spot) {
        // The moment of the press is the point of this test: wait for it, from outside the page.
        await new Promise((resolve) => setTimeout(resolve, moment));
      } else {
        // Not painted at first (the litter cards wait for the visitor's clock): pressed as soon
        // as it is.
        const control = page
          .getByRole(press.within)
          .getByRole(press.role, { name: press.name, exact: true })
          .first();
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        if (!box) throw new Error(`${label(press)} is not on the page`);
        spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }
      // A finger goes down and up whatever the page is doing: the release is not held back until
      // the page has handled the press (page.mouse waits for that, and moves the mouse first).
      const button = { x: spot.x, y: spot.y, button: 'left', clickCount: 1 } as const;
      const down = cdp.send('Input.dispatchMouseEvent', {
        type: 'mousePressed',
        buttons: 1,
        ...button,
      });
      await new Promise((resolve) => setTimeout(resolve, TAP_MS));
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', buttons: 0, ...button });
      await down;
      // The page has handled the press (the protocol answers once it has): the rest, loading the
      // next page or hydrating this one, may run at full speed. It changes how long the test
      // takes, not where the press went.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      try {
        if ('to' in press) {
          const heading = pageMeta.find((meta) => meta.path === press.to)?.heading ?? '';
          await expect(page).toHaveURL(press.to);
          await expect(
            page.getByRole('heading', { level: 1, name: heading, exact: true }),
          ).toBeVisible();
          expect(await page.evaluate(() => history.length), 'one visit, not two').toBe(
            found.visits + 1,
          );
        } else if ('tab' in press) {
          await expect.poll(() => tabs.length, 'a new tab').toBe(1);
          await expect(tabs[0] ?? page).toHaveURL(press.tab);
          await hydrated(page);
          expect(tabs, 'one new tab, not two').toHaveLength(1);
          expect(page.url()).toMatch(new RegExp(`${route}$`));
        } else {
          await hydrated(page);
          // A button pressed before its page's script has started is pressed again by the app
          // once it has hydrated (start-app.ts keeps it, root.tsx presses it); pressed while the
          // app starts, React replays it. A popup's Modal may still be loading its chunk then:
          // the press shows it a moment later. Never a second press here: a lost press fails.
          // A lost press shows nothing; two would close the menu or the testimonial again.
          await expect(press.shows(page), 'shown after one press').toBeVisible({ timeout: 15_000 });
        }
      } finally {
        const pressed = await page
          .evaluate(() => sessionStorage.getItem('press'))
          .catch(() => null);
        test.info().annotations.push({ type: 'pressed', description: pressed ?? 'unknown' });
      }
    });
  }
});

// Decision 035, held on purpose rather than by timing: the app's script is kept from starting
// until the button has been pressed, so the press lands before the app has started whatever the
// machine's speed. It must be answered once the app is there, and only once: a menu pressed
// once stays open, a popup opens.
test.describe('a button pressed before the app has started', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  const cases = [
    {
      route: '/',
      within: 'banner' as const,
      name: careMenu.label,
      shows: (page: Page) => page.getByRole('menu'),
    },
    {
      route: '/breeding-dogs',
      within: 'main' as const,
      name: 'View Full Pedigree',
      shows: (page: Page) => page.getByRole('dialog', { name: /Pedigree/ }),
    },
  ];
  for (const { route, within, name, shows } of cases) {
    test(`${route}: "${name}" is answered once the app has hydrated, once`, async ({ page }) => {
      const appScript = await holdScripts(page, '**/assets/entry.client-*.js');
      await page.goto(route);
      await appScript.inHand();
      const button = page.getByRole(within).getByRole('button', { name, exact: true }).first();
      await button.click();
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')),
        'pressed before the app had started',
      ).toBe(false);
      await expect(shows(page)).toBeHidden();
      appScript.release();
      await hydrated(page);
      await expect(shows(page), 'answered after the app started').toBeVisible();
      // Still open a frame and a task later: the press was made once, not twice.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      await expect(shows(page), 'pressed once').toBeVisible();
    });
  }
});

// Decision 039: a press that lands while React hydrates the page. react-dom 19 answers a pointerdown
// or a click on a page it has not finished hydrating by hydrating the whole page at once, inside
// the event (376-499 ms of one tap at 4x CPU). The start script keeps such a press instead, and
// React never sees it until the page has committed. Held on purpose as far as a test can: the
// button is found while the app's script is held back, the CPU is slowed 20x, and the press is
// sent straight to the mouse (no actionability round trips) as soon as React has begun to
// hydrate (its container marked on the document). A press that still came after the commit on a
// loaded machine (it did with a located click, in two suites) loads the page again, up to three
// times; each such press must still open the menu once.
/** What the hydrating press's test notes in the page (its init script) and reads back. */
interface SeenInPage {
  hydratingAtPress: boolean | null;
  reactSaw: boolean;
  /** The pointerdown's own processing, in ms (Event Timing). */
  processing: number;
  /** The main thread's long tasks from the app's script on, in ms (set when it is let go). */
  releasedAt: number;
  busy: number;
}
const seenIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: SeenInPage }).__seen);

test.describe('a button pressed while the app hydrates', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('/: the Care & Lifestyle menu opens once the page has hydrated, once, and the tap hydrates nothing itself', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      const seen: SeenInPage = {
        hydratingAtPress: null,
        reactSaw: false,
        processing: 0,
        releasedAt: Infinity,
        busy: 0,
      };
      Object.assign(window, { __seen: seen });
      // Before the start script's listener: this one is added first.
      addEventListener(
        'pointerdown',
        () => {
          const begun = Object.keys(document).some((key) => key.startsWith('__reactContainer$'));
          seen.hydratingAtPress ??=
            begun && !document.documentElement.hasAttribute('data-hydrated');
        },
        { capture: true },
      );
      // Where React listens (the root's container is the document).
      document.addEventListener('pointerdown', () => (seen.reactSaw = true), { capture: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          if (entry.name === 'pointerdown')
            seen.processing = Math.max(
              seen.processing,
              entry.processingEnd - entry.processingStart,
            );
      }).observe({
        type: 'event',
        durationThreshold: 16,
        buffered: true,
      } as PerformanceObserverInit);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.startTime >= seen.releasedAt) seen.busy += entry.duration;
      }).observe({ type: 'longtask', buffered: true });
    });
    const appScript = await holdScripts(page, '**/assets/entry.client-*.js');
    const cdp = await page.context().newCDPSession(page);
    const menu = page.getByRole('menu');
    let duringHydration = false;
    for (let attempt = 1; attempt <= 3 && !duringHydration; attempt++) {
      await page.goto('/');
      await appScript.inHand();
      const button = page.getByRole('banner').getByRole('button', { name: careMenu.label });
      const box = (await button.boundingBox())!;
      // 20x: at 8x one loaded run's hydration was over before Playwright's click landed.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      try {
        await page.evaluate(() => {
          (window as unknown as { __seen: SeenInPage }).__seen.releasedAt = performance.now();
        });
        appScript.release();
        await page.waitForFunction(
          () => Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
          null,
          { polling: 10 },
        );
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await new Promise((resolve) => setTimeout(resolve, TAP_MS));
        await page.mouse.up();
        // Hydration at 20x CPU on a loaded machine can take longer than an expectation's 10 s:
        // `hydrated` waits as long as the test may.
        await hydrated(page);
        await expect(menu, 'answered once the page has hydrated').toBeVisible();
        const seen = await seenIn(page);
        test.info().annotations.push({
          type: 'attempt',
          description: `${attempt}: pressed while hydrating: ${String(seen.hydratingAtPress)}`,
        });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
        );
        await expect(menu, 'pressed once').toBeVisible();
        if (seen.hydratingAtPress !== true) continue;
        duringHydration = true;
        expect(seen.reactSaw, 'the press never reached React before the page had hydrated').toBe(
          false,
        );
        // Hydrating the whole page inside the tap would make the tap most of the work the page
        // did from its app's script on (it starts again from the first component). Measured
        // against that work in the same run, not in milliseconds: on a loaded machine one CI run
        // saw a kept press's few listeners take 205 ms at 20x CPU, while the page's hydration
        // there takes seconds.
        test.info().annotations.push({
          type: 'tap',
          description: `pointerdown ${Math.round(seen.processing)} ms of ${Math.round(seen.busy)} ms in long tasks`,
        });
        expect(seen.busy, 'the page did its hydration in long tasks at 20x CPU').toBeGreaterThan(0);
        expect(
          seen.processing,
          "the pointerdown's own processing, against the page's long tasks from its app's script on",
        ).toBeLessThan(seen.busy / 4);
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    }
    expect(duringHydration, 'one of three presses landed while React was hydrating the page').toBe(
      true,
    );
  });
});

// The Health page's carousel is the one part of a prerendered page whose code comes in a chunk of
// its own. React stops a press on a part whose code is still loading and never replays it, so the
// app waits for that chunk before it hydrates (entry.client.tsx), and the start script keeps the
// press until then. Held on purpose: the chunk arrives only after the press.
test('a carousel pressed while its code is on its way moves once, when the code is in', async ({
  page,
}) => {
  const carouselScript = await holdScripts(page, '**/assets/photo-carousel-view-*.js');
  await page.goto('/health-testing');
  await carouselScript.inHand();
  const carousel = page.getByRole('region', { name: 'Natural Living photos' });
  // Drawn by the page before its code is in: Mantine marks the controls inactive until Embla has
  // measured the slides, which a finger does not see.
  await carousel.getByRole('button', { name: 'Next photo' }).click({ force: true });
  await expect(carousel.getByRole('status')).toHaveText('');
  carouselScript.release();
  await hydrated(page);
  await expect(carousel.getByRole('status')).toHaveText('Slide 2 of 5');
  // Still there once the slide has moved: pressed once, not twice.
  await page.waitForTimeout(800);
  await expect(carousel.getByRole('status')).toHaveText('Slide 2 of 5');
  await expect(carousel.getByRole('tab', { selected: true })).toHaveCount(1);
});
