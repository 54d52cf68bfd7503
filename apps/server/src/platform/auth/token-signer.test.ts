import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './token-signer';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const claims = { userId: 7, tokenVersion: 2, sessionId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' };

describe('access tokens', () => {
  it('reads back the claims it signed, on every read', async () => {
    const signer = createTokenSigner(SECRET, 900);
    const token = await signer.signAccessToken(claims);
    expect(await signer.readAccessToken(token)).toEqual(claims);
    expect(await signer.readAccessToken(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, or altered, even beside a verified one', async () => {
    const signer = createTokenSigner(SECRET, 900);
    const token = await signer.signAccessToken(claims);
    await signer.readAccessToken(token);
    const foreign = await createTokenSigner(`${SECRET}-other`, 900).signAccessToken(claims);
    expect(await signer.readAccessToken(foreign)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...altered, sub: '1' })).toString('base64url')}.${signature}`;
    expect(await signer.readAccessToken(forged)).toBeNull();
    expect(await signer.readAccessToken(token)).toEqual(claims);
  });

  it('refuses a token once expired, though it was verified while valid', async () => {
    const signer = createTokenSigner(SECRET, 1);
    const token = await signer.signAccessToken(claims);
    expect(await signer.readAccessToken(token)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await signer.readAccessToken(token)).toBeNull();
  });

  it('does not take a sign-in session token for an access token', async () => {
    const signer = createTokenSigner(SECRET, 900);
    const mfa = await signer.signMfaSession({ userId: 7, challenge: 'MFA_SETUP', tokenVersion: 2 });
    expect(await signer.readAccessToken(mfa)).toBeNull();
  });
});
