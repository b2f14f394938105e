import type { z } from 'zod';
import { expect } from 'vitest';

/** The message the API's own schema gives `value`: what the form must say before asking. */
export function schemaMessage(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`the schema accepts ${JSON.stringify(value)}`);
  return parsed.error.issues[0]!.message;
}

/** The field says `message` as its own error: read with it (aria-describedby) and marked invalid. */
export function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
}
