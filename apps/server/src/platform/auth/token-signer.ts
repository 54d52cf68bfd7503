import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
  /** The sessions row of the sign-in, checked on every request so revoking it ends this token at once. */
  sessionId: string;
}

export interface MfaSessionClaims {
  userId: number;
  challenge: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';
  tokenVersion: number;
}

/** A read sign-in session token: its claims, plus the id and expiry that make it single-use. */
export interface MfaSessionToken extends MfaSessionClaims {
  jti: string;
  expiresAt: Date;
}

const ISSUER = 'tideline';
// Access tokens already verified, until they expire: a signature checked once stays valid, so a request
// need not verify it again (about 4% of an API request's CPU under load, issue 21 point 2).
const MAX_VERIFIED_TOKENS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** HS256 JWTs: short-lived access tokens and the pending-MFA session token of sign-in. */
export function createTokenSigner(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const mfaTtlSeconds = 300;
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  async function sign(payload: Record<string, unknown>, audience: string, ttl: number, subject: number) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(String(subject))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(key);
  }

  async function read(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience, algorithms: ['HS256'] });
      return payload;
    } catch {
      return null;
    }
  }

  return {
    accessTtlSeconds,
    signAccessToken: (c: AccessClaims) =>
      sign({ tv: c.tokenVersion, sid: c.sessionId }, 'access', accessTtlSeconds, c.userId),
    async readAccessToken(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) return known.claims;
      const p = await read(token, 'access');
      // A token without a session id predates sessions: it cannot be revoked, so it is not accepted.
      if (!p || typeof p.tv !== 'number' || typeof p.sid !== 'string' || !UUID.test(p.sid)) return null;
      const claims = { userId: Number(p.sub), tokenVersion: p.tv, sessionId: p.sid };
      if (typeof p.exp === 'number') {
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
        verified.set(token, { claims: Object.freeze(claims), expiresAtMs: p.exp * 1000 });
      }
      return claims;
    },
    signMfaSession: (c: MfaSessionClaims) =>
      sign({ ch: c.challenge, tv: c.tokenVersion }, 'mfa', mfaTtlSeconds, c.userId),
    async readMfaSession(token: string): Promise<MfaSessionToken | null> {
      const p = await read(token, 'mfa');
      if (!p || (p.ch !== 'MFA_SETUP' && p.ch !== 'SOFTWARE_TOKEN_MFA') || typeof p.tv !== 'number')
        return null;
      if (typeof p.jti !== 'string' || !UUID.test(p.jti) || typeof p.exp !== 'number') return null;
      return {
        userId: Number(p.sub),
        challenge: p.ch,
        tokenVersion: p.tv,
        jti: p.jti,
        expiresAt: new Date(p.exp * 1000),
      };
    },
  };
}
