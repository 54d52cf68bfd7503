import { z } from 'zod';

// Ours (issue 3, VIEW_AUDIT_LOG): the audit rows, listed through the shared paged list.
export const AuditRowSchema = z.object({
  auditId: z.number().int(),
  occurredAt: z.string(),
  userId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

/**
 * The audit list's filter and sort columns: actorEmail (text prefix), entity and action (lists or
 * prefixes), occurredAt (inclusive date range). Search matches actor, action, entity and entity id.
 */
export const AUDIT_LIST_COLUMNS = ['occurredAt', 'actorEmail', 'action', 'entity', 'entityId'] as const;

/** GET /api/audit/facets: the distinct entities and actions, for the filter dialog's selects. */
export const AuditFacetsSchema = z.object({ entities: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFacets = z.infer<typeof AuditFacetsSchema>;
