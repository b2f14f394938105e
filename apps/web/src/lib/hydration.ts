let hydrating = false;
let hydrated = false;

/** Called just before the prerendered page is hydrated (src/app/client-app.tsx). */
export function beginHydration(): void {
  hydrating = true;
}

/** Called once the prerendered page has hydrated (components/layout/public-layout.tsx). */
export function markHydrated(): void {
  hydrating = false;
  hydrated = true;
}

/**
 * True while React hydrates the prerendered page: the DOM holds the server's HTML, which
 * StaticContent keeps instead of rendering its children again.
 */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * True once the first page has hydrated: from then on components render in the browser only,
 * and may use the visitor's clock or storage in their first render.
 */
export function isHydrated(): boolean {
  return hydrated;
}
