import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  forgetRemovedStyleSheets();
});

/**
 * jsdom 29 keeps the sheet of a `<style>` in `document.styleSheets` when the element leaves the
 * document with an ancestor (a container removed, a Mantine part unmounted): only removing the
 * `<style>` itself takes its sheet out. Every `getComputedStyle` (user-event calls it for each
 * element it presses and its ancestors, Testing Library's role queries for each element) then
 * matched every rule of every screen rendered before: 311 sheets after eight admin files, in a
 * worker that ran them one after another. Such a `<style>` is put back and removed here on its
 * own, which runs jsdom's removal of its sheet.
 */
function forgetRemovedStyleSheets() {
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (owner instanceof HTMLStyleElement && !owner.isConnected) {
      document.head.append(owner);
      owner.remove();
    }
  }
}

// jsdom lacks these; Mantine and the carousels need them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub {
  root = null;
  rootMargin = '';
  thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver = ResizeObserverStub;
window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
// CodeMirror (the file editor's Code mode) measures text ranges, which jsdom does not lay out.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = emptyRect;
