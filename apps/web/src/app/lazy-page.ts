import { use, type ComponentType } from 'react';

export interface PageModule {
  Component: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

const loads = new Map<PageLoader, Promise<PageModule>>();

/**
 * Loads a page module once. In the browser a chunk that fails to load (a deploy removed it, the
 * network dropped) makes a full load of the page the visitor asked for instead of a blank screen.
 */
export function loadPage(load: PageLoader): Promise<PageModule> {
  let tracked = loads.get(load);
  if (!tracked) {
    // Marked settled the way React's `use` reads a promise: a loaded page then renders without suspending.
    const created: Promise<PageModule> = load().then(
      (module) => {
        void Object.assign(created, { status: 'fulfilled', value: module });
        return module;
      },
      (error: unknown) => {
        if (typeof window === 'undefined') {
          void Object.assign(created, { status: 'rejected', reason: error });
          throw error;
        }
        loads.delete(load);
        window.location.reload();
        return new Promise<PageModule>(() => {});
      },
    );
    tracked = created;
    loads.set(load, tracked);
  }
  return tracked;
}

/** The page component of a module, suspending while it loads. */
export function usePage(load: PageLoader): ComponentType {
  return use(loadPage(load)).Component;
}
