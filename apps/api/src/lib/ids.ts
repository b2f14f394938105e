import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * An id that sorts by creation time (12 hex digits of milliseconds, a per-millisecond counter,
 * then randomness), so "newest first" stays stable when two records share a millisecond.
 */
export function sortableId(at: Date = new Date()): string {
  const ms = at.getTime();
  if (ms === lastMs) sequence = (sequence + 1) & 0xffff;
  else {
    lastMs = ms;
    sequence = 0;
  }
  return (
    ms.toString(16).padStart(12, '0') +
    sequence.toString(16).padStart(4, '0') +
    randomBytes(6).toString('hex')
  );
}

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
