import { LITTERS_FILE } from '@cedar/api-contract';
import type { Litter, PuppyStatus } from '@cedar/content';
import { withPuppyAvailability } from '@cedar/litter-logic';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors';

/** The litters of the content package's data file, and the file's sha256. */
export async function readLitters(
  files: FastifyInstance['files'],
): Promise<{ litters: Litter[]; sha256: string }> {
  const file = await files.read(LITTERS_FILE);
  if (!file) throw new Error(`${LITTERS_FILE} is missing`);
  return { litters: JSON.parse(file.content) as Litter[], sha256: file.sha256 };
}

export interface PuppyStatusChange {
  litterId: string;
  puppyId: string;
  status: PuppyStatus;
}

/**
 * Sets puppies' statuses in the data file (their litter's availability text with them), saved
 * with a revision and published like a save from the Litters screen. A save of the file made at
 * the same moment is read again and the change applied over it.
 */
export async function setPuppyStatuses(
  app: FastifyInstance,
  changes: readonly PuppyStatusChange[],
  by: string,
): Promise<void> {
  if (changes.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    const { litters, sha256 } = await readLitters(app.files);
    const next = litters.map((litter) => {
      const mine = changes.filter((c) => c.litterId === litter.id);
      if (mine.length === 0 || !litter.puppies) return litter;
      return withPuppyAvailability({
        ...litter,
        puppies: litter.puppies.map((puppy) => {
          const change = mine.find((c) => c.puppyId === puppy.id);
          return change ? { ...puppy, status: change.status } : puppy;
        }),
      });
    });
    try {
      const { changed } = await app.files.save(
        LITTERS_FILE,
        `${JSON.stringify(next, null, 2)}\n`,
        by,
        `"${sha256}"`,
      );
      if (changed) app.publisher.request(by);
      return;
    } catch (error) {
      if (attempt < 3 && error instanceof HttpError && error.statusCode === 409) continue;
      throw error;
    }
  }
}
