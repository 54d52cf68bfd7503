import {
  SETTING_TYPES,
  type SettingTypeKind,
  type SettingTypeOption,
} from '@tideline/contracts/settings/setting-types.schemas';
import type { Db } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { CurrentUser } from '../../platform/access/route-access';
import type { AuditEntity } from '../../platform/audit/audit-entities';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';
import * as q from './setting-types.queries';

// platform.md 2.12 "Types tables" and 4.5: note categories, investment types, institution types and
// quote types are added, renamed and deactivated (never deleted), so the records that hold one keep it.

/** A row with the spec's field names ({quoteTypeId, quoteTypeName, status, createdAt}). */
function toSpecRow(kind: SettingTypeKind, row: q.TypeRow): Record<string, string | number | boolean> {
  const d = SETTING_TYPES[kind];
  return {
    [d.idKey]: row.id,
    [d.nameKey]: row.name,
    status: row.status === 1 ? 1 : 0,
    createdAt: row.createdAt.toISOString(),
    ...(d.hasCallable ? { callable: row.callable ?? false } : {}),
  };
}

/** What an audit row keeps of a type: its name and status, and an investment type's callable flag. */
const audited = (row: q.TypeRow) => ({
  name: row.name,
  status: row.status,
  ...(row.callable === undefined ? {} : { callable: row.callable }),
});

// The audit entity of each setting table (audit-entities.ts).
const ENTITY_OF: Record<SettingTypeKind, AuditEntity> = {
  noteCategory: 'note_category',
  investmentType: 'investment_type',
  institutionType: 'institution_type',
  quoteType: 'quote_type',
};
const entityOf = (kind: SettingTypeKind) => ENTITY_OF[kind];

export function createSettingTypesService(deps: { db: Db }) {
  const { db } = deps;

  /** Runs a write; a clash on the unique lower(name) index is a 409 naming the type. */
  async function guardName<T>(kind: SettingTypeKind, name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, q.TYPE_TABLES[kind].nameIndex)) {
        const msg = SETTING_TYPES[kind].msg.duplicate(name);
        throw conflict(msg, { [SETTING_TYPES[kind].nameKey]: [msg] });
      }
      throw error;
    }
  }

  return {
    async listTypes(kind: SettingTypeKind) {
      return (await q.selectTypes(db, kind)).map((r) => toSpecRow(kind, r));
    },

    async listTypeOptions(kind: SettingTypeKind): Promise<SettingTypeOption[]> {
      return (await q.selectActiveTypes(db, kind)).map((r) => ({ label: r.name, value: r.id }));
    },

    async findType(kind: SettingTypeKind, id: number) {
      const row = await q.selectType(db, kind, id);
      if (!row) throw notFound(SETTING_TYPES[kind].msg.notFound);
      return toSpecRow(kind, row);
    },

    /** Add: new types are active (platform.md 4.5, creation sends no status); not callable unless said. */
    async createType(kind: SettingTypeKind, name: string, ctx: AuditContext, callable?: boolean) {
      return guardName(kind, name, () =>
        db.transaction(async (tx) => {
          const id = await q.insertType(tx, kind, name, callable);
          const row = (await q.selectType(tx, kind, id))!;
          await writeAudit(tx, ctx, {
            action: `${entityOf(kind)}.created`,
            entity: entityOf(kind),
            entityId: id,
            after: audited(row),
          });
          return toSpecRow(kind, row);
        }),
      );
    },

    /**
     * Edit: the name, the status when the user may deactivate (reactivating included), and an
     * investment type's callable flag when sent.
     */
    async editType(
      kind: SettingTypeKind,
      user: CurrentUser,
      id: number,
      input: { name: string; status: 0 | 1; callable?: boolean },
      ctx: AuditContext,
    ) {
      const d = SETTING_TYPES[kind];
      return guardName(kind, input.name, () =>
        db.transaction(async (tx) => {
          const before = await q.selectType(tx, kind, id, true);
          if (!before) throw notFound(d.msg.notFound);
          if (input.status !== before.status && !user.permList.includes(d.permissions.deactivate))
            throw forbidden();
          await q.updateType(tx, kind, id, input);
          const after = (await q.selectType(tx, kind, id))!;
          await writeAudit(tx, ctx, {
            action: `${entityOf(kind)}.updated`,
            entity: entityOf(kind),
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
          return toSpecRow(kind, after);
        }),
      );
    },

    /** Deactivate one or many; already inactive ones stay as they are. Answers how many changed. */
    async deactivateTypes(kind: SettingTypeKind, ids: readonly number[], ctx: AuditContext) {
      const d = SETTING_TYPES[kind];
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await q.selectTypesByIds(tx, kind, unique);
        if (rows.length !== unique.length) throw notFound(d.msg.someNotFound);
        const active = rows.filter((r) => r.status === 1);
        await q.deactivateTypes(
          tx,
          kind,
          active.map((r) => r.id),
        );
        for (const row of active) {
          await writeAudit(tx, ctx, {
            action: `${entityOf(kind)}.deactivated`,
            entity: entityOf(kind),
            entityId: row.id,
            before: { status: 1 },
            after: { status: 0 },
          });
        }
        return active.length;
      });
    },
  };
}

export type SettingTypesService = ReturnType<typeof createSettingTypesService>;
