import { depositCentsSchema } from '@cedar/api-contract';
import { z } from 'zod';

/** Dollars as a NumberInput gives them (a number, a string while typed, '' when empty), in cents. */
const centsOf = (dollars: unknown) =>
  dollars === '' || dollars === null || dollars === undefined
    ? null
    : Math.round(Number(dollars) * 100);

/**
 * An amount the owner types in dollars, judged in cents by the API's own rule (its limits and
 * their messages); empty is null, for the caller's schema to allow or refuse.
 */
export const dollarsAsCents = z.preprocess(centsOf, depositCentsSchema.nullable());

/** The form holds dollars under `amount`; the request, cents under `amountCents`. */
export const AMOUNT_FIELD = { amountCents: 'amount' } as const;
