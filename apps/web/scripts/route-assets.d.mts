export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export function routeModules(
  source: string,
  routesDir: string,
  exists: (key: string) => boolean,
): Promise<Map<string, string>>;
export function pageAssets(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string,
): { css: string[]; js: string[] };
