import { HttpError, errorBodyOf } from './query-client';

/** A field of a form and what is wrong with it, as the API said it. */
export type ServerFieldErrors = Record<string, string>;

/**
 * The fields a refused call names, keyed by their path in the request body ('dam',
 * 'puppies.6.sex'), for a form's `setErrors`: a 422 (or a 404 of something the form chose) names
 * one `field` beside its message; a 400 lists the request schema's issues in `details`. Null when
 * the refusal names no field: the caller says it some other way.
 */
export function serverFieldErrors(error: unknown): ServerFieldErrors | null {
  if (!(error instanceof HttpError) || ![400, 404, 422].includes(error.status)) return null;
  const body = errorBodyOf(error);
  if (!body) return null;
  if (typeof body.field === 'string' && body.field !== '') return { [body.field]: body.message };
  if (error.status !== 400 || !Array.isArray(body.details)) return null;
  const errors: ServerFieldErrors = {};
  for (const detail of body.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && path !== '' && typeof message === 'string')
      errors[path] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Each error under the form's own name for its path, where the form names it otherwise. */
export function renamePaths(
  errors: Record<string, unknown>,
  names: Readonly<Record<string, string>>,
): ServerFieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [names[path] ?? path, String(message)]),
  );
}

/**
 * Shows a refusal on the form's fields it names (`form.setErrors`); false when it names none of
 * them, and the caller says it some other way (a toast, an alert). `names` maps a request path to
 * the form's field where the form holds it otherwise (dollars typed for the request's cents).
 */
export function setServerErrors<Values extends object>(
  form: { getValues: () => Values; setErrors: (errors: ServerFieldErrors) => void },
  error: unknown,
  names: Readonly<Record<string, string>> = {},
): boolean {
  const values = form.getValues();
  const errors = Object.entries(renamePaths(serverFieldErrors(error) ?? {}, names)).filter(
    ([path]) => path.split('.')[0]! in values,
  );
  if (errors.length === 0) return false;
  form.setErrors(Object.fromEntries(errors));
  return true;
}
