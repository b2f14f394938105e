/**
 * Finds every image path in the package's data and copy, so the image generator and the tests
 * agree on what must exist under public/.
 */
const IMAGE_PATH_PATTERN = /^\/images\/.+\.(jpg|png)$/;

export type Owner = Readonly<Record<string, unknown>>;

export interface ImageReference {
  path: string;
  /** The nearest plain object holding the path (directly or in an array), or null at the top level. */
  owner: Owner | null;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Walks plain objects, arrays, maps and sets deeply; other objects (zod schemas, functions,
 * class instances) hold no content and are skipped.
 */
export function collectImageReferences(root: unknown): Map<string, ImageReference[]> {
  const found = new Map<string, ImageReference[]>();
  const seen = new Set<object>();

  const visit = (value: unknown, owner: Owner | null): void => {
    if (typeof value === 'string') {
      if (IMAGE_PATH_PATTERN.test(value)) {
        const refs = found.get(value) ?? [];
        refs.push({ path: value, owner });
        found.set(value, refs);
      }
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item, owner);
    } else if (value instanceof Map || value instanceof Set) {
      for (const item of value.values()) visit(item, owner);
    } else if (isPlainObject(value)) {
      for (const item of Object.values(value)) visit(item, value);
    }
  };

  visit(root, null);
  return found;
}

/** Every exported value of a module namespace, walked as top-level values. */
export function collectModuleImageReferences(namespace: object): Map<string, ImageReference[]> {
  return collectImageReferences(Object.values(namespace));
}

export function collectImagePaths(root: unknown): string[] {
  return [...collectImageReferences(root).keys()].sort();
}
