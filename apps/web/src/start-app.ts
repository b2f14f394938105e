/**
 * How a page starts its app: an inline script after the <noscript> that holds React Router's
 * scripts (root.tsx), compiled and minified by Vite into the page (vite/inline-script-plugin.ts).
 * The page is prerendered whole, so its first paint needs no script. React Router's <Scripts />
 * (untouched) is written inside <noscript id="app-scripts"> by the prerender, where the browser
 * reads it as text and fetches nothing; this puts it into the page in two steps:
 * - at once, the inline scripts that fetch nothing (React Router's context, which the page's data
 *   that follows in the document is written into);
 * - once the page has loaded and been painted, the module preloads and the module script that
 *   start the app, as React Router wrote them, one element per task (appended at once, the 25 or
 *   so took one task of 22 ms, 88 at 4x CPU).
 * "Painted" is the browser's report of the first contentful paint and, on a page with a main image,
 * that image decoded and drawn; a page that paints nothing (the admin area's shell) starts at the
 * load, and a page that was hidden before its first paint (a link opened in a background tab: the
 * browser reports no first paint then) once it is shown and has drawn a frame.
 * Why (decision 018's figures): fetched from the head, some 140 KB of script shared the network
 * with the page's stylesheets and largest image, and Lighthouse counted all of it in the largest
 * paint: one trace of /puppies gave an LCP of 2.52 s with the scripts, 1.07 s with none; with
 * this start, 0.90-1.22 s on every route. A link pressed before the app runs works as a link; a
 * button pressed then, or while the app hydrates, is pressed again by the app once it has hydrated
 * (below, and root.tsx).
 * A page's policy allows this script by its hash, as it does each framework script the page gate
 * accepted (apps/api security-policy.ts).
 */
import { APP_SCRIPTS, APP_STARTED, EARLY_PRESS, LOAD_WAIT_MS, PRESS_EVENTS } from './app-scripts';

// A button pressed before the app has started does nothing then (its handler is the app's). Until
// the app has hydrated (root.tsx marks it started when React commits the page), the last such
// button is kept here and pressed by the app once it has hydrated, so that no press is lost (issue
// 38). The press's own events stop at the window, before React's listener on the document: React
// 19 hydrates whatever blocks a pointerdown or a click at once, inside that event, and with the
// page still hydrating that is the whole page, started again from its first component (376-499
// ms of one tap at 4x CPU, decision 039). Kept, the press costs nothing, and the page goes on
// hydrating in small tasks. Links are the browser's to follow, and a form's buttons the form's.
const keepable = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  return button && !button.form && !button.disabled && !button.closest('a') ? button : null;
};
for (const type of PRESS_EVENTS)
  addEventListener(
    type,
    (event) => {
      if (window[APP_STARTED]) return;
      const button = keepable(event);
      if (!button) return;
      // Not `preventDefault`: the browser still focuses the button and makes the click.
      event.stopPropagation();
      if (type === 'click') window[EARLY_PRESS] = button;
    },
    { capture: true },
  );

const source = document.getElementById(APP_SCRIPTS);
const app = document.createRange().createContextualFragment(source?.textContent ?? '');
for (const script of app.querySelectorAll('script:not([src]):not([type])'))
  document.body.append(script);
const loaded = new Promise((resolve) => addEventListener('load', resolve));
const blank = !document.querySelector('body > :not(script, style, noscript, template, link)');
const painted = new Promise<void>((resolve) => {
  if (blank) return resolve();
  new PerformanceObserver((paints, observer) => {
    if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
  const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  if (document.visibilityState === 'hidden') drawn();
  else addEventListener('visibilitychange', drawn, { once: true });
});
// The page's main image (the one asked for with fetchpriority=high) decoded and drawn: loaded is
// not drawn yet, and a paint after the app's scripts were asked for makes Lighthouse count them in
// the page's largest paint (2.49 s against 1.05-1.10 s in one run of /raw-dog-food).
const mainImageDrawn = () => {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (images.length === 0) return undefined;
  // A browser without `decode` (none this site supports) starts at the load, as before.
  const decoded = images.map((image) =>
    typeof image.decode === 'function' ? image.decode().catch(() => undefined) : undefined,
  );
  return Promise.all(decoded).then(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
};
void painted
  .then(() =>
    Promise.race([
      loaded.then(mainImageDrawn),
      new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS)),
    ]),
  )
  .then(() => {
    for (const node of [...app.childNodes]) setTimeout(() => document.body.append(node));
  });
