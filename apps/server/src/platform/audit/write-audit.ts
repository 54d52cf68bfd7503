import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/open-database';
import { auditLog } from '../../db/schema';
import { findAuditClientIds } from './audit-clients';
import { AUDIT_ENTITIES, type AuditEntity } from './audit-entities';

export interface AuditContext {
  userId: number | null;
  actorEmail: string | null;
  requestId: string | null;
  ipAddress: string | null;
}

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The clients the row is about, when the writer knows better than audit-clients.ts finds out. */
  clientIds?: readonly number[];
}

// Secrets never reach the audit log, even as "changed".
const SECRET_FIELDS = new Set(['passwordHash', 'mfaSecret', 'mfaPendingSecret', 'codeHash', 'tokenHash']);

export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    userId: request.currentUser?.userId ?? null,
    actorEmail: request.currentUser?.email ?? null,
    requestId: request.id,
    ipAddress: request.ip,
  };
}

/** Keeps only the fields that changed (both sides), with secrets masked. */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
) {
  const mask = (k: string, v: unknown) => (SECRET_FIELDS.has(k) ? (v == null ? v : '[redacted]') : v);
  if (!before || !after) {
    const one = before ?? after;
    const masked = one ? Object.fromEntries(Object.entries(one).map(([k, v]) => [k, mask(k, v)])) : null;
    return { before: before ? masked : null, after: after ? masked : null };
  }
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = mask(key, before[key]);
      a[key] = mask(key, after[key]);
    }
  }
  return { before: b, after: a };
}

const KNOWN_ENTITIES: ReadonlySet<string> = new Set(AUDIT_ENTITIES);

/** Writes one audit row; pass the caller's transaction so the row commits or rolls back with the change. */
export async function writeAudit(db: DbOrTx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  // The type admits only the catalogue's names; a name built at run time (a cast, a JSON value) is
  // refused too, so the Entity filter never meets a second name for a table.
  if (!KNOWN_ENTITIES.has(entry.entity)) throw new Error(`Unknown audit entity '${entry.entity}'`);
  const { before, after } = diffFields(entry.before, entry.after);
  await db.insert(auditLog).values({
    userId: ctx.userId,
    actorEmail: ctx.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before,
    after,
    requestId: ctx.requestId,
    ipAddress: ctx.ipAddress,
    clientIds: await findAuditClientIds(db, entry),
  });
}
