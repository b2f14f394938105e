import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, HERO_WAIT_MS, readSteps, type BootOptions } from './boot';

type TestWindow = Window & typeof globalThis;

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let windows: TestWindow[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const win of windows) win.close();
  windows = [];
  vi.useRealTimers();
});

/**
 * A page of its own (listeners from other tests cannot reach it), already parsed. `loading`
 * makes it report that its load event is still to come; `load()` fires it.
 */
async function page(body: string, { loading = true } = {}) {
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, {
    pretendToBeVisual: true,
    url: 'http://localhost/',
  });
  const win = dom.window as unknown as TestWindow;
  windows.push(win);
  // jsdom fires its own load event after a few turns: let it pass before the test starts.
  await vi.advanceTimersByTimeAsync(50);
  if (loading) Object.defineProperty(win.document, 'readyState', { get: () => 'loading' });
  // jsdom does not decode images: each hero's decode() is settled by the test.
  const decodes: Array<ReturnType<typeof deferred>> = [];
  win.HTMLImageElement.prototype.decode = () => {
    const decode = deferred();
    decodes.push(decode);
    return decode.promise;
  };
  // What happened, in order: painted frames here, the boot's module loads and app start below.
  const log: string[] = [];
  const requestFrame = win.requestAnimationFrame.bind(win);
  win.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      log.push('frame');
      callback(time);
    });
  return { win, decodes, log, load: () => win.dispatchEvent(new win.Event('load')) };
}

/** A boot whose module loads and app start are logged; the test settles the app's start. */
function start({ win, log }: { win: TestWindow; log: string[] }, steps: string[]) {
  const events = log;
  const hydrated = deferred();
  const started = deferred();
  const options: BootOptions = {
    steps,
    load: vi.fn(async (url: string) => {
      events.push(`load ${url}`);
    }),
    startApp: vi.fn(async () => {
      events.push('startApp');
      await started.promise;
      return { hydrated: hydrated.promise };
    }),
  };
  boot(options, win);
  return { events, options, hydrated, started };
}

/** Lets the boot run until it next waits for something: timers, frames, promises. */
const settle = () => vi.advanceTimersByTimeAsync(100);

/** A press: the pointer goes down (which starts the boot), then the click. Was it followed? */
function click(win: TestWindow, element: Element): boolean {
  element.dispatchEvent(new win.PointerEvent('pointerdown', { bubbles: true }));
  return element.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe('readSteps', () => {
  it('reads the module URLs of the script tag, in order', async () => {
    const { win } = await page('<script type="module" data-steps="/a.js /b.js /c.js"></script>');
    expect(readSteps(win.document)).toEqual(['/a.js', '/b.js', '/c.js']);
  });

  it('is empty when the tag lists none (the dev server)', async () => {
    const { win } = await page('<script type="module" src="/src/entry-client.ts"></script>');
    expect(readSteps(win.document)).toEqual([]);
  });
});

describe('boot', () => {
  const HERO = '<img fetchpriority="high" src="/hero.avif" alt="">';

  it('waits for the load event, the hero decoded and two frames before asking for any module', async () => {
    const hero = await page(HERO);
    const { events } = start(hero, ['/a.js', '/b.js']);
    await settle();
    hero.load();
    await settle();
    expect(hero.decodes).toHaveLength(1);
    expect(events).toEqual([]);
    expect(hero.win.document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);

    hero.decodes[0]?.resolve();
    await settle();
    expect(events).toEqual(['frame', 'frame', 'load /a.js', 'load /b.js', 'startApp']);
    const preloads = hero.win.document.querySelectorAll('link[rel="modulepreload"]');
    expect([...preloads].map((link) => link.getAttribute('href'))).toEqual(['/a.js', '/b.js']);
  });

  it(`starts after ${HERO_WAIT_MS} ms when the hero never decodes`, async () => {
    const hero = await page(HERO);
    const { events } = start(hero, ['/a.js']);
    hero.load();
    await vi.advanceTimersByTimeAsync(HERO_WAIT_MS - 1);
    expect(events).toEqual([]);
    await settle();
    expect(events).toEqual(['frame', 'frame', 'load /a.js', 'startApp']);
  });

  it('starts at once on a touch or a key, before the page has loaded', async () => {
    for (const type of ['pointerdown', 'keydown']) {
      const early = await page(HERO);
      const { events } = start(early, ['/a.js']);
      early.win.document.body.dispatchEvent(new early.win.Event(type, { bubbles: true }));
      await settle();
      expect(events, type).toEqual(['load /a.js', 'startApp']);
    }
  });

  it('evaluates one module per task, in order, then starts the app, once', async () => {
    const bare = await page('');
    const { win, log } = bare;
    // Each timer callback is a task of its own: log where one begins.
    const setTimer = win.setTimeout.bind(win);
    win.setTimeout = ((callback: () => void, ms?: number) =>
      setTimer(() => {
        log.push('task');
        callback();
      }, ms)) as typeof win.setTimeout;
    const { events } = start(bare, ['/a.js', '/b.js', '/c.js']);
    win.document.body.dispatchEvent(new win.Event('pointerdown', { bubbles: true }));
    await settle();
    expect(events).toEqual([
      'load /a.js',
      'task',
      'load /b.js',
      'task',
      'load /c.js',
      'task',
      'startApp',
    ]);
    // Later touches, keys and the load event start nothing again.
    win.document.body.dispatchEvent(new win.Event('keydown', { bubbles: true }));
    bare.load();
    await settle();
    expect(events.filter((e) => e !== 'task' && e !== 'frame')).toEqual([
      'load /a.js',
      'load /b.js',
      'load /c.js',
      'startApp',
    ]);
  });

  it('presses a button pressed before the app started once more when the page is hydrated, exactly once', async () => {
    const care = await page('<button type="button">Care &amp; Lifestyle</button>');
    const { win } = care;
    const button = win.document.querySelector('button') as HTMLButtonElement;
    const presses = vi.fn();
    button.addEventListener('click', presses);
    const { hydrated, started } = start(care, ['/a.js']);

    click(win, button);
    click(win, button);
    await settle();
    started.resolve();
    await settle();
    expect(presses).toHaveBeenCalledTimes(2); // the visitor's own, with no app to act on them

    hydrated.resolve();
    await settle();
    expect(presses).toHaveBeenCalledTimes(3);
    await settle();
    expect(presses).toHaveBeenCalledTimes(3);
  });

  it('presses again only the last button pressed before React listens, even while the app starts', async () => {
    const buttons = await page(
      '<button id="first">First</button><div role="button" id="second"><span>Second</span></div><button id="late">Late</button>',
    );
    const { win, log } = buttons;
    const doc = win.document;
    const pressed: string[] = [];
    doc.addEventListener('click', (event) => pressed.push((event.target as Element).id || 'span'));
    const { hydrated, started } = start(buttons, ['/a.js']);

    click(win, doc.getElementById('first') as Element);
    await settle();
    expect(log).toEqual(['load /a.js', 'startApp']);
    // The app's code is in but React's root is not there yet: this press still needs the boot.
    click(win, doc.querySelector('#second span') as Element);
    started.resolve();
    await settle();
    // React handles this one itself: the boot must not press it a second time.
    click(win, doc.getElementById('late') as Element);
    hydrated.resolve();
    await settle();
    expect(pressed).toEqual(['first', 'span', 'late', 'second']);
  });

  it('leaves a link pressed before the app started to the browser: not prevented, not pressed again', async () => {
    const linked = await page('<a href="/contact">Contact Us</a>');
    const { win } = linked;
    const link = win.document.querySelector('a') as HTMLAnchorElement;
    const presses = vi.fn();
    link.addEventListener('click', presses);
    const { hydrated, started } = start(linked, ['/a.js']);

    const followed = click(win, link);
    expect(followed).toBe(true); // dispatchEvent is false when a listener prevented the default
    started.resolve();
    hydrated.resolve();
    await settle();
    expect(presses).toHaveBeenCalledTimes(1);
  });

  it('does not press a button that is gone when the page has hydrated', async () => {
    const gone = await page('<button type="button">Open</button>');
    const { win } = gone;
    const button = win.document.querySelector('button') as HTMLButtonElement;
    const presses = vi.fn();
    button.addEventListener('click', presses);
    const { hydrated, started } = start(gone, ['/a.js']);
    click(win, button);
    button.remove();
    started.resolve();
    hydrated.resolve();
    await settle();
    expect(presses).toHaveBeenCalledTimes(1);
  });
});
