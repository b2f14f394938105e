import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './form-errors';
import { HttpError } from './query-client';

const refused = (status: number, body: unknown) =>
  new HttpError(status, JSON.stringify(body), 'Refused');

describe('the fields a refused call names', () => {
  it('a 422 names one field, with its message', () => {
    expect(
      serverFieldErrors(
        refused(422, { error: 'invalid_litter', message: 'Choose the dam', field: 'dam' }),
      ),
    ).toEqual({ dam: 'Choose the dam' });
  });

  it('a 400 lists its schema’s issues: the first of each field', () => {
    expect(
      serverFieldErrors(
        refused(400, {
          error: 'bad_request',
          message: 'Invalid body: subject: A subject is needed',
          details: [
            { path: 'subject', message: 'A subject is needed' },
            { path: 'subject', message: 'second' },
            { path: '', message: 'the whole body' },
          ],
        }),
      ),
    ).toEqual({ subject: 'A subject is needed' });
  });

  it('is null when no field is named, or the failure is not a refusal', () => {
    expect(serverFieldErrors(refused(422, { error: 'x', message: 'No' }))).toBeNull();
    expect(
      serverFieldErrors(refused(409, { error: 'conflict', message: 'x', field: 'a' })),
    ).toBeNull();
    expect(serverFieldErrors(new HttpError(422, 'not json', 'Unprocessable'))).toBeNull();
    expect(serverFieldErrors(new Error('offline'))).toBeNull();
  });
});
