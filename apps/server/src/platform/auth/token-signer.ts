import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
}

export interface MfaSessionClaims {
  userId: number;
  challenge: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';
  tokenVersion: number;
}

const ISSUER = 'tideline';

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** HS256 JWTs: short-lived access tokens and the pending-MFA session token of sign-in. */
export function createTokenSigner(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const mfaTtlSeconds = 300;

  async function sign(payload: Record<string, unknown>, audience: string, ttl: number, subject: number) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(String(subject))
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
    signAccessToken: (c: AccessClaims) => sign({ tv: c.tokenVersion }, 'access', accessTtlSeconds, c.userId),
    async readAccessToken(token: string): Promise<AccessClaims | null> {
      const p = await read(token, 'access');
      if (!p || typeof p.tv !== 'number') return null;
      return { userId: Number(p.sub), tokenVersion: p.tv };
    },
    signMfaSession: (c: MfaSessionClaims) =>
      sign({ ch: c.challenge, tv: c.tokenVersion }, 'mfa', mfaTtlSeconds, c.userId),
    async readMfaSession(token: string): Promise<MfaSessionClaims | null> {
      const p = await read(token, 'mfa');
      if (!p || (p.ch !== 'MFA_SETUP' && p.ch !== 'SOFTWARE_TOKEN_MFA') || typeof p.tv !== 'number')
        return null;
      return { userId: Number(p.sub), challenge: p.ch, tokenVersion: p.tv };
    },
  };
}
