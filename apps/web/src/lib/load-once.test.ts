import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads a module once and marks it settled, so React reads it without suspending', async () => {
    const module = { Component: () => null };
    const load = vi.fn(async () => module);
    const first = loadOnce(load);
    expect(loadOnce(load)).toBe(first);
    await expect(first).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ status: 'fulfilled', value: module });
  });

  it('loads the whole page again when a chunk fails to load in the browser', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = vi.fn(async () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    void loadOnce(load);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });
});
