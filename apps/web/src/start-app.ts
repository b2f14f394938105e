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
 * "Painted" is the browser's report of the first contentful paint; a page that paints nothing (the
 * admin area's shell) starts at the load, and a page that was hidden before its first paint (a
 * link opened in a background tab: the browser reports no first paint then) once it is shown and
 * has drawn a frame.
 * Why (decision 018's figures): fetched from the head, some 140 KB of script shared the network
 * with the page's stylesheets and largest image, and Lighthouse counted all of it in the largest
 * paint: one trace of /puppies gave an LCP of 2.52 s with the scripts, 1.07 s with none; with
 * this start, 0.90-1.22 s on every route. Nothing is replayed: a link pressed before the app runs
 * works as a link, a button once the app runs. A page's policy allows this script by its hash,
 * as it does each framework script the page gate accepted (apps/api security-policy.ts).
 */
import { APP_SCRIPTS, LOAD_WAIT_MS } from './app-scripts';

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
void painted
  .then(() => Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS))]))
  .then(() => {
    for (const node of [...app.childNodes]) setTimeout(() => document.body.append(node));
  });
