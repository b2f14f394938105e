export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export function pageAssets(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string,
): { css: string[]; js: string[] };
