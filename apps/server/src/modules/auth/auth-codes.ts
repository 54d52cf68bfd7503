import type { DbOrTx } from '../../db/open-database';
import { createRandomCode, hashCode } from '../../platform/auth/random-codes';
import * as q from './auth.queries';

export interface CodeLinkSettings {
  publicUrl: string;
  inviteTtlHours: number;
  resetTtlMinutes: number;
}

/** Stores a new single-use code (hashed) and answers the link that carries it (platform.md 2.4). */
export async function createCodeLink(
  tx: DbOrTx,
  settings: CodeLinkSettings,
  user: { userId: number; email: string },
  purpose: 'invite' | 'reset',
) {
  const code = createRandomCode();
  const ttlMs =
    purpose === 'invite' ? settings.inviteTtlHours * 3_600_000 : settings.resetTtlMinutes * 60_000;
  await q.insertAuthCode(tx, {
    userId: user.userId,
    purpose,
    codeHash: hashCode(code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const route = purpose === 'invite' ? 'reset-password' : 'forgot-password';
  return `${settings.publicUrl}/${route}/${encodeURIComponent(user.email)}/${code}`;
}
