import { use, useEffect, type ComponentType } from 'react';
import { loadOnce, whenIdle } from '../lib/load-once';

/**
 * Every lazy content's loader, for the prerender (it renders no Suspense fallback into a page)
 * and for component tests (they render pages as a visitor sees them once the chunks are in).
 */
const prerenderLoads = new Set<() => Promise<unknown>>();

/** Loads every lazy content a page may render (the prerender awaits this before rendering). */
export function loadAllLazyContent(): Promise<unknown> {
  return Promise.all([...prerenderLoads].map((preload) => preload()));
}

/**
 * A component in a chunk of its own, out of the page's first load: a popup's content, or the
 * carousel. Once in, it renders without suspending. Render it inside a Suspense boundary: on a
 * prerendered page React keeps that part of the HTML as it is and hydrates it when the code is
 * in (`preload` asks for it ahead of need).
 */
export function lazyContent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const preload = () => loadOnce(load);
  if (import.meta.env.SSR || import.meta.env.MODE === 'test') prerenderLoads.add(preload);
  function Content(props: P) {
    const Loaded = use(preload());
    return <Loaded {...props} />;
  }
  return Object.assign(Content, { preload });
}

/**
 * Loads lazy content once the page has hydrated and the browser is idle, so the first tap finds
 * it in (a tap before that loads it then).
 */
export function usePreloadWhenIdle(preload: () => Promise<unknown>): void {
  useEffect(() => whenIdle(() => void preload()), [preload]);
}
