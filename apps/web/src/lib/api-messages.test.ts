import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { apiRequest, setAccessToken } from './api-client';
import { failureMessage, fieldErrorsOf, showFieldErrors } from './api-messages';

async function failureOf(path: string): Promise<unknown> {
  return apiRequest(path).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('failure messages', () => {
  it("uses the server's msg and its field errors, without the body wrapper's prefix", async () => {
    setAccessToken('at');
    fakeApi({
      'GET /api/x': {
        status: 409,
        body: {
          msg: 'Failed to create user.',
          fieldErrors: { 'user.email': ['Taken.'], phoneNumber: ['Bad.'] },
        },
      },
    });
    const error = await failureOf('/x');
    expect(failureMessage(error, 'fallback')).toBe('Failed to create user.');
    expect(fieldErrorsOf(error, 'user')).toEqual({ email: 'Taken.', phoneNumber: 'Bad.' });
  });

  it('falls back to the fixed text when the answer carries no msg', async () => {
    setAccessToken('at');
    fakeApi({ 'GET /api/y': { status: 500, body: { oops: true } } });
    const error = await failureOf('/y');
    expect(failureMessage(error, 'Failed to edit user.')).toBe('Failed to edit user.');
    expect(fieldErrorsOf(error)).toEqual({});
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to send code.')).toBe(
      'Failed to send code.',
    );
  });

  it("puts each of the form's fields the server names under that field, and answers them all", async () => {
    setAccessToken('at');
    fakeApi({
      'GET /api/z': {
        status: 400,
        body: {
          msg: 'Refused.',
          fieldErrors: { 'monteCarlo.name': ['Required!'], 'monteCarlo.other': ['No.'] },
        },
      },
    });
    const shown: [string, string][] = [];
    const found = showFieldErrors(
      await failureOf('/z'),
      ['name', 'endDate'] as const,
      (field, { message }) => shown.push([field, message]),
      'monteCarlo',
    );
    expect(shown).toEqual([['name', 'Required!']]);
    expect(found).toEqual({ name: 'Required!', other: 'No.' });
  });
});
