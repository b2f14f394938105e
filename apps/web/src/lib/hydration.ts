let hydrated = false;

/** Called once the prerendered page has hydrated (components/layout/public-layout.tsx). */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * True once the first page has hydrated: from then on components render in the browser only,
 * and may use the visitor's clock or storage in their first render.
 */
export function isHydrated(): boolean {
  return hydrated;
}
