// The start script as Vite compiles it for the page (vite/inline-script-plugin.ts), run as the page
// runs it: the context script goes in at once, React Router's module preloads and module script
// only once the page has loaded and been painted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS, APP_STARTED, EARLY_PRESS, LOAD_WAIT_MS, PRESS_EVENTS } from './app-scripts';
import START_APP from './start-app.ts?inline-script';

// What the browser reads inside <noscript> when scripts run: text, not elements.
const SCRIPTS =
  '<script>window.__context = 1;</script>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js">' +
  '<link rel="modulepreload" href="/assets/page-b.js">' +
  '<script type="module" async="">import("/assets/entry.client-a.js");</script>';

let paintObservers: Array<(names: string[]) => void> = [];
let frames: Array<() => void> = [];
let visibility: DocumentVisibilityState = 'visible';

function page(body: string) {
  document.body.innerHTML = body;
  const noscript = document.createElement('noscript');
  noscript.id = APP_SCRIPTS;
  noscript.textContent = SCRIPTS;
  document.body.append(noscript);
  new Function(START_APP)();
}

const inPage = () => ({
  context: document.body.querySelectorAll(':scope > script:not([type])').length,
  preloads: document.body.querySelectorAll(':scope > link[rel="modulepreload"]').length,
  module: document.body.querySelectorAll(':scope > script[type="module"]').length,
});
/** jsdom has no HTMLImageElement.decode: the browser's, as given. */
const decodeWith = (decode: () => Promise<void>) =>
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: decode,
  });
const load = () => window.dispatchEvent(new Event('load'));
const paint = (name: string) => paintObservers.forEach((observe) => observe([name]));
const nextFrame = () => frames.splice(0).forEach((frame) => frame());
const settle = async () => {
  await vi.runAllTimersAsync();
};

beforeEach(() => {
  delete window[APP_STARTED];
  vi.useFakeTimers();
  paintObservers = [];
  frames = [];
  visibility = 'visible';
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private callback: (list: unknown, observer: unknown) => void) {}
      observe() {
        paintObservers.push((names) =>
          this.callback(
            { getEntriesByName: (name: string) => names.filter((n) => n === name) },
            this,
          ),
        );
      }
      disconnect() {
        paintObservers = [];
      }
    },
  );
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  document.body.innerHTML = '';
  // The click listeners each run of the script added stay on this worker's window (its files
  // share one, decision 028): marked as started, they keep nothing for the files after this one.
  window[APP_STARTED] = true;
  delete window[EARLY_PRESS];
});

describe('the start script', () => {
  it('puts the context in at once, the scripts once the page has loaded and painted', async () => {
    page('<main><h1>Puppy Placement</h1></main>');
    expect(inPage()).toEqual({ context: 1, preloads: 0, module: 0 });

    load();
    await settle();
    expect(inPage(), 'loaded, not yet painted').toEqual({ context: 1, preloads: 0, module: 0 });

    paint('first-paint');
    await settle();
    expect(inPage(), 'a paint with no content').toEqual({ context: 1, preloads: 0, module: 0 });

    paint('first-contentful-paint');
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('waits for the load when the page has painted first', async () => {
    page('<main><h1>Contact</h1></main>');
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS - 1);
    expect(inPage().module).toBe(0);
    load();
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('starts the admin shell, which paints nothing, at the load', async () => {
    page('<style>:root{}</style>');
    load();
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('starts a page opened in a background tab once it is shown and drawn', async () => {
    visibility = 'hidden';
    page('<main><h1>Our Dogs</h1></main>');
    load();
    await settle();
    // Hidden: the browser draws no frame and reports no first paint.
    expect(inPage().module).toBe(0);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    nextFrame();
    nextFrame();
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('starts a page hidden while it loaded once it is shown again and drawn', async () => {
    page('<main><h1>Training</h1></main>');
    load();
    visibility = 'hidden';
    window.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(inPage().module).toBe(0);
    visibility = 'visible';
    nextFrame();
    nextFrame();
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('starts a painted page whose load is held up (an image stalled) after LOAD_WAIT_MS', async () => {
    page('<main><h1>Boarding</h1></main>');
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS - 1);
    expect(inPage().module).toBe(0);
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('waits for the main image to be decoded and drawn, not only loaded', async () => {
    let decoded = () => {};
    const decode = vi.fn(() => new Promise<void>((resolve) => (decoded = resolve)));
    decodeWith(decode);
    page('<main><h1>Raw Dog Food</h1><img fetchpriority="high" src="/img/hero-800.avif"></main>');
    paint('first-contentful-paint');
    load();
    // Well before LOAD_WAIT_MS, after which a page starts whatever its images do.
    await vi.advanceTimersByTimeAsync(10);
    expect(decode).toHaveBeenCalled();
    expect(inPage().module, 'loaded, not decoded').toBe(0);
    decoded();
    await vi.advanceTimersByTimeAsync(10);
    expect(inPage().module, 'decoded, not drawn').toBe(0);
    nextFrame();
    nextFrame();
    await vi.advanceTimersByTimeAsync(10);
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('starts when the main image cannot be decoded (a broken file)', async () => {
    decodeWith(() => Promise.reject(new Error('EncodingError')));
    page('<main><img fetchpriority="high" src="/img/broken.avif"></main>');
    paint('first-contentful-paint');
    load();
    await settle();
    nextFrame();
    nextFrame();
    await settle();
    expect(inPage()).toEqual({ context: 1, preloads: 2, module: 1 });
  });

  it('keeps the last button pressed before the app starts: not a link, not a form, not once started', () => {
    page(
      '<main><button type="button" id="menu"><span>Menu</span></button>' +
        '<form><button type="button" id="field">Field</button></form>' +
        '<a href="/puppies" id="link">Puppies</a><button type="button" id="other">Other</button></main>',
    );
    const menu = document.getElementById('menu')!;
    // A press on the button's content is the button's.
    menu.querySelector('span')!.click();
    expect(window[EARLY_PRESS]).toBe(menu);
    document.getElementById('field')!.click();
    const link = document.getElementById('link')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(window[EARLY_PRESS], 'a form button and a link are not kept').toBe(menu);
    // Once the app has hydrated, React sees presses itself.
    window[APP_STARTED] = true;
    document.getElementById('other')!.click();
    expect(window[EARLY_PRESS]).toBe(menu);
  });

  it('stops a kept press at the window, so React (listening at the document) does not hydrate the page inside it', () => {
    page(
      '<main><button type="button" id="menu"><span>Menu</span></button>' +
        '<form><button type="button" id="field">Field</button></form>' +
        '<a href="/puppies" id="link">Puppies</a></main>',
    );
    const seen: string[] = [];
    const react = (event: Event) => seen.push(`${event.type} ${(event.target as Element).id}`);
    for (const type of PRESS_EVENTS) document.addEventListener(type, react, { capture: true });
    const press = (element: Element) => {
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
        element.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      element.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
      (element as HTMLElement).click();
    };
    try {
      const menu = document.getElementById('menu')!;
      press(menu.querySelector('span')!);
      expect(seen, 'nothing of the kept press reaches the document').toEqual([]);
      expect(window[EARLY_PRESS]).toBe(menu);

      document.getElementById('link')!.addEventListener('click', (e) => e.preventDefault());
      press(document.getElementById('link')!);
      press(document.getElementById('field')!);
      expect(seen, 'a link and a form button are not kept').toHaveLength(12);

      // The page hydrated: a press goes through to React, and is not kept.
      seen.length = 0;
      delete window[EARLY_PRESS];
      window[APP_STARTED] = true;
      press(menu);
      expect(seen).toEqual([
        'pointerdown menu',
        'mousedown menu',
        'pointerup menu',
        'mouseup menu',
        'keydown menu',
        'click menu',
      ]);
      expect(window[EARLY_PRESS]).toBeUndefined();
    } finally {
      for (const type of PRESS_EVENTS) document.removeEventListener(type, react, { capture: true });
    }
  });
});
