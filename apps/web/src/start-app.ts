/**
 * How a page starts its app: the page is prerendered whole, so its first paint needs no script.
 * React Router's <Scripts /> (untouched) is written inside <noscript id="app-scripts"> by the
 * prerender (root.tsx), where the browser reads it as text and fetches nothing; START_APP, an
 * inline script right after it, puts it into the page in two steps:
 * - at once, the inline scripts that fetch nothing (React Router's context, which the page's data
 *   that follows in the document is written into);
 * - once the page has loaded and been painted, the module preloads and the module script that
 *   start the app, as React Router wrote them, one element per task (appended at once, the 25 or
 *   so took one task of 22 ms, 88 at 4x CPU).
 * "Painted" is the browser's report of the first contentful paint; a page that paints nothing (the
 * admin area's shell) starts at the load, and a page that was hidden before its first paint (a
 * link opened in a background tab: the browser reports no first paint then) once it is shown and
 * has drawn a frame.
 * Fetched from the head, some 140 KB of script shared the network with the page's stylesheets and
 * largest image, and Lighthouse counted all of it in the largest paint (decision 018). Nothing is
 * replayed: a link pressed before the app runs works as a link, a button once the app runs. The
 * inline scripts, this one included, are allowed by their hashes (apps/api security-policy.ts).
 */
export const APP_SCRIPTS = 'app-scripts';

/**
 * How long after its first paint a page waits for its load before it starts: the load waits for
 * every image, and one stalled on a slow network would hold the app back.
 */
export const LOAD_WAIT_MS = 3_000;

// Written into every page as it stands: no comments in it, the page carries every byte.
export const START_APP = `{
  const source = document.getElementById('${APP_SCRIPTS}');
  const app = document.createRange().createContextualFragment(source ? source.textContent : '');
  for (const script of app.querySelectorAll('script:not([src]):not([type])')) document.body.append(script);
  const loaded = new Promise((resolve) => addEventListener('load', resolve));
  const blank = !document.querySelector('body > :not(script, style, noscript, template, link)');
  const painted = new Promise((resolve) => {
    if (blank) return resolve();
    new PerformanceObserver((paints, observer) => {
      if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
    const drawn = () => requestAnimationFrame(() => requestAnimationFrame(resolve));
    if (document.visibilityState === 'hidden') drawn();
    else addEventListener('visibilitychange', drawn, { once: true });
  });
  const loadedOrLate = painted.then(() =>
    Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, ${LOAD_WAIT_MS}))]),
  );
  loadedOrLate.then(() => {
    for (const node of [...app.childNodes]) setTimeout(() => document.body.append(node));
  });
}`;
