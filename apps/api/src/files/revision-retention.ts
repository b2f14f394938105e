import type { Revision } from '@cedar/api-contract';

/** The newest revisions of a file that no retention setting removes: an edit is always undoable. */
export const ALWAYS_KEPT = 10;

export interface RevisionRetention {
  /** At most this many revisions of one file are kept (REVISIONS_KEEP). */
  keep: number;
  /** Revisions older than this go (REVISIONS_MAX_AGE), in milliseconds. */
  maxAgeMs: number;
}

/**
 * Which of a file's revisions (newest first, as the store lists them) go: those beyond the
 * `keep` newest, and those older than `maxAgeMs`. Never the ALWAYS_KEPT newest, nor the newest
 * one holding the file as it is now (`currentSha256`), whatever their age or place.
 */
export function revisionsToPrune(
  newestFirst: readonly Revision[],
  { keep, maxAgeMs }: RevisionRetention,
  now: Date,
  currentSha256: string | null,
): string[] {
  const oldest = now.getTime() - maxAgeMs;
  const current = newestFirst.find((r) => r.sha256 === currentSha256);
  return newestFirst
    .filter((revision, index) => {
      if (index < ALWAYS_KEPT || revision === current) return false;
      return index >= keep || Date.parse(revision.savedAt) < oldest;
    })
    .map((r) => r.id);
}
