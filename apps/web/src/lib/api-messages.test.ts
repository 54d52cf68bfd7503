import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { apiRequest, setAccessToken } from './api-client';
import { failureMessage, fieldErrorsOf } from './api-messages';

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
});
