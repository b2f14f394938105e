/**
 * How a prerendered page starts its app. The page is whole without JavaScript; this code (run by
 * the page's only script, `entry-client.ts`) starts the app once the page has loaded and its hero
 * image is on screen, or at once when the visitor touches the page or presses a key:
 *
 * 1. every module of `steps` is asked for at once (modulepreload), then evaluated one per task,
 *    in order (dependencies first), so no single task holds the main thread for long;
 * 2. `startApp` creates React's root, which from then on handles every press itself;
 * 3. once the page is hydrated, the last button pressed before step 2 is pressed again.
 *
 * Presses before step 2 need no help from React: a link is followed by the browser (nothing here
 * prevents it, so it takes the visitor to its target at any moment), and a button, which does
 * nothing without the app, is remembered and pressed once the app can act on it: exactly once,
 * however many times it was pressed.
 */
export interface BootOptions {
  /** URLs of the modules to evaluate before the app starts, dependencies first. */
  steps: readonly string[];
  /** Evaluates one module (the browser's `import()`). */
  load: (url: string) => Promise<unknown>;
  /**
   * Starts the app. Resolves once React listens for presses on the page, with a promise that
   * resolves when the prerendered page is hydrated.
   */
  startApp: () => Promise<{ hydrated: Promise<void> }>;
}

/** Longest wait for the hero image before the app starts anyway (a broken or very slow image). */
export const HERO_WAIT_MS = 3000;

/** The module URLs the page's script tag lists in `data-steps` (the prerender writes them). */
export function readSteps(doc: Document): string[] {
  const steps = doc.querySelector<HTMLElement>('script[data-steps]')?.dataset.steps ?? '';
  return steps.split(' ').filter((step) => step !== '');
}

/**
 * Remembers the last button pressed until `stop()` is called, which returns it. Only buttons:
 * a link pressed meanwhile is the browser's to follow.
 */
function rememberPresses(win: Window & typeof globalThis): { stop: () => HTMLElement | null } {
  let pressed: HTMLElement | null = null;
  const remember = (event: Event) => {
    const target = event.target instanceof win.Element ? event.target : null;
    const button = target?.closest<HTMLElement>('button, [role="button"]');
    if (button) pressed = button;
  };
  win.addEventListener('click', remember, { capture: true });
  return {
    stop() {
      win.removeEventListener('click', remember, { capture: true });
      return pressed;
    },
  };
}

/** Resolves once the page's high-priority images are decoded (or HERO_WAIT_MS have passed). */
function heroDecoded(win: Window): Promise<unknown> {
  const heroes = [...win.document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.race([
    Promise.all(heroes.map((img) => img.decode().catch(() => undefined))),
    new Promise((resolve) => win.setTimeout(resolve, HERO_WAIT_MS)),
  ]);
}

const nextTask = (win: Window) => new Promise((resolve) => win.setTimeout(resolve, 0));
const nextFrame = (win: Window) => new Promise((resolve) => win.requestAnimationFrame(resolve));

export function boot(
  { steps, load, startApp }: BootOptions,
  win: Window & typeof globalThis = window,
): void {
  const doc = win.document;
  const presses = rememberPresses(win);

  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const href of steps) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
    for (const step of steps) {
      await load(step);
      await nextTask(win);
    }
    const { hydrated } = await startApp();
    // React's root is listening: a press from now on reaches the app (while the page hydrates,
    // React hydrates the part pressed at once and hands it the press).
    const pressed = presses.stop();
    await hydrated;
    if (pressed?.isConnected) pressed.click();
  };
  const startOnce = () => {
    start().catch((error: unknown) => console.error('the app did not start', error));
  };

  // The hero image is decoded and a frame with it painted before any script is fetched: on a slow
  // phone the page's largest paint does not wait behind the app's download and evaluation.
  const afterPaint = () => {
    void heroDecoded(win)
      .then(() => nextFrame(win))
      .then(() => nextFrame(win))
      .then(() => nextTask(win))
      .then(startOnce);
  };
  if (doc.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
  // The visitor is about to press something: start now rather than after the hero.
  for (const type of ['pointerdown', 'keydown'])
    win.addEventListener(type, startOnce, { once: true, capture: true, passive: true });
}
