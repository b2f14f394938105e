import { lazy, useEffect, type ComponentType } from 'react';

/**
 * A popup's content in a chunk of its own (React's `lazy`), out of the page's first load: render
 * it inside a Suspense boundary. `preload` asks for the chunk ahead of need.
 */
export function lazyContent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { preload: load },
  );
}

/** Loads lazy content once the browser is idle after the page starts, so the first tap finds it in. */
export function usePreloadWhenIdle(preload: () => Promise<unknown>): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => void preload().catch(() => {}));
    return () => cancel(id);
  }, [preload]);
}
