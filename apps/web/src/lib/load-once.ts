const loads = new Map<() => Promise<unknown>, Promise<unknown>>();

/**
 * Loads a module once, however many times it is asked for: a page, or a popup's content loaded
 * ahead of the tap that opens it. The promise is marked settled the way React's `use` reads one,
 * so a module already in renders without suspending. In the browser a chunk that fails to load
 * (a deploy removed it, the network dropped) makes a full load of the page instead of a blank
 * screen.
 */
export function loadOnce<M>(load: () => Promise<M>): Promise<M> {
  let tracked = loads.get(load) as Promise<M> | undefined;
  if (!tracked) {
    const created: Promise<M> = load().then(
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
        return new Promise<M>(() => {});
      },
    );
    tracked = created;
    loads.set(load, tracked);
  }
  return tracked;
}

/** Runs `task` once the browser is idle (or after `timeout` ms at most); returns a cancel. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1);
  return () => clearTimeout(id);
}
