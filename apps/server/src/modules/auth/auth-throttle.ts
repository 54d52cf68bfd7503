import type { Db } from '../../db/open-database';
import { tooManyRequests, type AppError } from '../../platform/http/app-error';
import { createEventLimiter } from '../../platform/audit/event-limiter';
import { writeAudit, type AuditContext, type AuditEntry } from '../../platform/audit/write-audit';
import * as q from './auth.queries';

export interface ThrottleSettings {
  signInWindowMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  mfaMaxFailuresPerAccount: number;
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

/**
 * Failure counting for every identity call that checks a secret (architecture.md "Identity"): a scope
 * refuses once its key failed `limit` times within the window. Refusals and failures are audited as
 * security events (issue 14 point 10).
 */
export function createAuthThrottle(db: Db, settings: ThrottleSettings) {
  const limits: Record<q.FailureScope, number> = {
    account: settings.maxFailuresPerAccount,
    address: settings.maxFailuresPerAddress,
    mfa: settings.mfaMaxFailuresPerAccount,
    link: settings.maxFailuresPerAccount,
  };

  const refusals = createEventLimiter({ maxPerWindow: 20, windowMs: settings.signInWindowMinutes * 60_000 });

  async function isBlocked(keys: q.FailureKeys) {
    const since = new Date(Date.now() - settings.signInWindowMinutes * 60_000);
    const counts = await q.countRecentFailures(db, keys, since);
    return Object.entries(counts).some(([scope, n]) => n >= limits[scope as q.FailureScope]);
  }

  return {
    /**
     * Refuses with 429 before anything is checked when a key failed too often. A flood of refused
     * calls writes at most 20 audit rows per keys and window, each telling how many were left out.
     */
    async assertAllowed(keys: q.FailureKeys, ctx: AuditContext, entry: AuditEntry) {
      if (!(await isBlocked(keys))) return;
      const suppressed = refusals.admit(JSON.stringify(keys));
      if (suppressed !== null) {
        const after = suppressed > 0 ? { ...entry.after, refusalsNotRecorded: suppressed } : entry.after;
        await writeAudit(db, ctx, { ...entry, after });
      }
      throw tooManyRequests();
    },

    /** Counts one failure against each key, audits it, and throws the refusal. */
    async refuse(keys: q.FailureKeys, ctx: AuditContext, entry: AuditEntry, error: AppError): Promise<never> {
      await db.transaction(async (tx) => {
        await q.recordFailures(tx, keys);
        await writeAudit(tx, ctx, entry);
      });
      throw error;
    },

    clearFailures: q.clearFailures,
  };
}

export const addressOf = (ctx: AuditContext) => ctx.ipAddress ?? 'unknown';
export const accountKeyOf = (email: string) => email.trim().toLowerCase();
