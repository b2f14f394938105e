import { use, type ComponentType } from 'react';
import { loadOnce } from '../lib/load-once';

export interface PageModule {
  Component: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

/** Loads a page module once (a chunk that fails to load reloads the page: see loadOnce). */
export function loadPage(load: PageLoader): Promise<PageModule> {
  return loadOnce(load);
}

/** The page component of a module, suspending while it loads. */
export function usePage(load: PageLoader): ComponentType {
  return use(loadPage(load)).Component;
}
