import { ImportTemplateSchema, type ImportTemplate } from '@tideline/contracts/templates/import-template';
import {
  TEMPLATE_MSG,
  type ManageTemplateInputParsed,
  type StoredTemplate,
  type TemplateListRow,
  type TemplateType,
} from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { importTemplates } from '../../db/schema';
import { assertClientAccess, whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { notFound } from '../../platform/http/app-error';
import { findVisibleRelationship } from '../banks/bank-client-relationships.service';
import * as q from './templates.queries';

// Import templates (spec 3, 5, 7; ingestion.md step 3): a relationship's rules for reading its files.
// Access follows the relationship's client: other clients' templates answer 404.

type TemplateRow = NonNullable<Awaited<ReturnType<typeof q.selectTemplateById>>>;

function toStoredTemplate(row: TemplateRow['template']): StoredTemplate {
  return {
    templateId: row.templateId,
    bankClientRelId: row.bankClientRelId,
    clientId: row.clientId,
    type: row.type,
    templateType: row.templateType,
    headerRow: row.headerRow,
    jsonTransform: [row.jsonTransform as Record<string, unknown>],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Global Settings 'Templates': the header row of a Header template, else its first cell. */
function headerRowOrFirstCell(row: TemplateRow['template']): string {
  if (row.templateType === 'Header' && row.headerRow) return row.headerRow;
  const cell = (row.jsonTransform as { cellHeaderData?: unknown }).cellHeaderData;
  return typeof cell === 'string' ? cell : '';
}

/**
 * Stored as the spec sends it (spec 3): column numbers as text, flags as 1 when true and left out when
 * false, empty fields left out. ImportTemplateSchema reads it back for the ingestion jobs.
 */
function toStoredTransform(transform: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(transform)) {
    if (value === true) stored[key] = 1;
    else if (value !== false && value !== undefined && value !== null && value !== '') stored[key] = value;
  }
  return stored;
}

const audited = (t: {
  type: string;
  templateType: string;
  headerRow: string | null;
  jsonTransform: unknown;
}) => ({
  type: t.type,
  templateType: t.templateType,
  headerRow: t.headerRow,
  jsonTransform: t.jsonTransform,
});

/** GET /all/{type}/{bankClientRelId}: the relationship's templates of one type, oldest first. */
export async function listTemplatesOfRel(
  db: DbOrTx,
  user: CurrentUser,
  type: TemplateType,
  bankClientRelId: number,
): Promise<StoredTemplate[]> {
  await findVisibleRelationship(db, user, bankClientRelId);
  const rows = await q.selectTemplatesOfRel(db, bankClientRelId, type);
  return rows.map((r) => toStoredTemplate(r.template));
}

/** GET /transaction: every Transaction template of the clients the user may see. */
export async function listTransactionTemplates(db: DbOrTx, user: CurrentUser): Promise<TemplateListRow[]> {
  const rows = await q.selectTransactionTemplates(db, whereClientVisible(user, importTemplates.clientId));
  return rows.map((r) => ({
    ...toStoredTemplate(r.template),
    headerRowOrFirstCell: headerRowOrFirstCell(r.template),
    clientName: r.clientName,
    bankName: r.bankName,
  }));
}

export async function findVisibleTemplate(
  db: DbOrTx,
  user: CurrentUser,
  templateId: number,
): Promise<StoredTemplate> {
  const row = await q.selectTemplateById(db, templateId);
  if (!row) throw notFound(TEMPLATE_MSG.notFound);
  assertClientAccess(user, row.template.clientId, TEMPLATE_MSG.notFound);
  return toStoredTemplate(row.template);
}

/** POST /manage: creates, or updates the template named by templateId (same relationship and type). */
export async function manageTemplate(
  db: Db,
  user: CurrentUser,
  input: ManageTemplateInputParsed,
  ctx: AuditContext,
): Promise<StoredTemplate> {
  return db.transaction(async (tx) => {
    const relationship = await findVisibleRelationship(tx, user, input.bankClientRelId);
    const values = {
      type: input.type,
      templateType: input.templateType,
      // Only Header templates match by the header row; a Cell template keeps none.
      headerRow: input.templateType === 'Header' ? (input.headerRow ?? null) : null,
      jsonTransform: toStoredTransform(input.jsonTransform[0] as Record<string, unknown>),
    };
    if (input.templateId === undefined) {
      const row = await q.insertTemplate(tx, {
        ...values,
        clientId: relationship.clientId,
        bankClientRelId: relationship.bankClientRelId,
      });
      await writeAudit(tx, ctx, {
        action: 'template.created',
        entity: 'template',
        entityId: row.templateId,
        after: audited(row),
      });
      return toStoredTemplate(row);
    }
    const before = await q.lockTemplate(tx, input.templateId);
    if (!before || before.bankClientRelId !== relationship.bankClientRelId || before.type !== input.type)
      throw notFound(TEMPLATE_MSG.notFound);
    const row = await q.updateTemplate(tx, input.templateId, values);
    await writeAudit(tx, ctx, {
      action: 'template.updated',
      entity: 'template',
      entityId: row.templateId,
      before: audited(before),
      after: audited(row),
    });
    return toStoredTemplate(row);
  });
}

/** DELETE /{id}; the audit row keeps what was deleted. */
export async function deleteTemplate(db: Db, user: CurrentUser, templateId: number, ctx: AuditContext) {
  await db.transaction(async (tx) => {
    const before = await q.lockTemplate(tx, templateId);
    if (!before) throw notFound(TEMPLATE_MSG.notFound);
    assertClientAccess(user, before.clientId, TEMPLATE_MSG.notFound);
    await q.deleteTemplate(tx, templateId);
    await writeAudit(tx, ctx, {
      action: 'template.deleted',
      entity: 'template',
      entityId: templateId,
      before: { ...audited(before), bankClientRelId: before.bankClientRelId, clientId: before.clientId },
    });
  });
}

/**
 * The relationship's templates of one type as the extraction engine reads them (ingestion.md step 3),
 * oldest first. A stored template the engine's schema refuses is left out: no file could match it.
 */
export async function findImportTemplates(
  db: DbOrTx,
  bankClientRelId: number,
  type: TemplateType,
): Promise<ImportTemplate[]> {
  const rows = await q.selectTemplatesOfRel(db, bankClientRelId, type);
  return rows.flatMap(({ template: t }) => {
    const parsed = ImportTemplateSchema.safeParse({
      templateId: t.templateId,
      bankClientRelId: t.bankClientRelId,
      type: t.type,
      templateType: t.templateType,
      ...(t.headerRow ? { headerRow: t.headerRow } : {}),
      jsonTransform: [t.jsonTransform],
    });
    return parsed.success ? [parsed.data] : [];
  });
}
