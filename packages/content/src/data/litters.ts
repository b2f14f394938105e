import type { Litter } from '../schemas';
import { dogById } from './dogs';
import data from './litters.json' with { type: 'json' };

/**
 * Every litter, archived ones included, in the order of the data file that both developers and
 * the admin's Litters screen edit. JSON, so that building the site never runs anything typed in
 * the admin; its records are checked by validateContent() (the tests and every build) and, on
 * each save from the admin, by the same schema on the server.
 */
export const allLitters = data as readonly Litter[];

/** The litters the public pages list: the file's, without the archived ones. */
export const litters: readonly Litter[] = allLitters.filter((litter) => !litter.archived);

/** 'Duke x Clover': a litter is named after its parents. */
export function litterName(sireId: string, damId: string): string {
  return `${dogById(sireId)?.name ?? sireId} x ${dogById(damId)?.name ?? damId}`;
}
