import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Append-only (a trigger in the migration refuses UPDATE and DELETE): who did what to which entity.
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    // The clients the row is about (platform/audit/audit-clients.ts), so a client-scoped auditor sees
    // only theirs; empty for firm-wide rows and for rows written before it existed.
    clientIds: integer('client_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    // The audit list (modules/audit): newest first with the id as tie-break, a day range, an actor prefix.
    index('audit_log_occurred_idx').on(t.occurredAt, t.auditId),
    index('audit_log_actor_prefix_idx').using('btree', sql`lower(${t.actorEmail}) text_pattern_ops`),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_user_idx').on(t.userId),
    index('audit_log_client_ids_idx').using('gin', t.clientIds),
  ],
);
