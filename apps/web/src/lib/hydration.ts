let hydrating = false;
let hydrated = false;
let resolveHydrated = () => {};
const hydratedPromise = new Promise<void>((resolve) => (resolveHydrated = resolve));

/** Called just before the prerendered page is hydrated (src/app/client-app.tsx). */
export function beginHydration(): void {
  hydrating = true;
}

/** Called once the prerendered page has hydrated (components/layout/public-layout.tsx). */
export function markHydrated(): void {
  hydrating = false;
  hydrated = true;
  resolveHydrated();
}

/** Resolves once the prerendered page has hydrated (src/boot.ts then replays an early press). */
export function whenHydrated(): Promise<void> {
  return hydratedPromise;
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
