export declare const FINGERPRINTED_SOURCES: readonly string[];
export declare const BUILD_INFO_FILE: string;

/** The sources as one read found them. */
export interface SourceSnapshot {
  repoRoot: string;
  sources: readonly string[];
  stamp: string;
  /** sha256 of each file by path from the repository root; null when it is missing */
  files: Record<string, string | null>;
  fingerprint: string;
}

export interface BuildInfo {
  /** null when a source was written while the build ran */
  fingerprint: string | null;
  files: Record<string, string | null>;
  /** The kennel day (YYYY-MM-DD, New York) the pages' litter ages were worked out for; null if unknown */
  buildDay: string | null;
}

export function readSources(repoRoot: string, sources?: readonly string[]): Promise<SourceSnapshot>;
export function writeBuildInfo(
  clientDir: string,
  sources: SourceSnapshot,
  buildDay?: string | null,
): Promise<BuildInfo>;
export function readBuildInfo(clientDir: string): Promise<BuildInfo | null>;
