export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  dynamicImports?: string[];
}
export function pageAssets(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string,
  options?: { lazyParts?: boolean },
): { css: string[]; js: string[] };
