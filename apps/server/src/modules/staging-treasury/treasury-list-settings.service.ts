import {
  TREASURY_LIST_MSG,
  TREASURY_LISTS,
  type TreasuryListEntry,
  type TreasuryListKind,
  type TreasuryLists,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import type { Db, Tx } from '../../db/open-database';
import type { AuditEntity } from '../../platform/audit/audit-entities';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import * as q from './treasury-list-settings.queries';
import { listFeeCategories } from './treasury-lists.service';
import * as lists from './treasury-lists.queries';

// Issue 17 point 4: the treasury pick lists edited in Global Settings. Add and rename (a name unique in
// its list without case, 409 otherwise); delete only what no staging row or booked record carries (409
// naming the count). A rename reaches the staging rows of open batches, never the books.

const ENTITY_OF: Record<TreasuryListKind, AuditEntity> = {
  standardizedDescription: 'standardized_description',
  bankLevelException: 'bank_level_exception',
  clientLevelException: 'client_level_exception',
  feeCategory: 'fee_category',
  feeSubCategory: 'fee_sub_category',
};

/** Add and edit values, whatever the list (a field a list does not have is left out). */
export interface ListEntryValues {
  name: string;
  isRate?: boolean;
  description?: string;
  code?: string | null;
  categoryId?: number;
}

const fieldOf = (kind: TreasuryListKind, field: string) => `${TREASURY_LISTS[kind].bodyKey}.${field}`;

function toEntry(row: q.ListEntryRow): TreasuryListEntry {
  const { categoryName: _categoryName, ...entry } = row;
  return entry;
}

/** 409 for a name (or a category's code) the list already has. */
async function assertUnique(tx: Tx, kind: TreasuryListKind, values: ListEntryValues, exceptId?: number) {
  const noun = TREASURY_LISTS[kind].noun;
  if (kind === 'feeCategory' && values.code && (await q.selectCategoryByCode(tx, values.code, exceptId))) {
    const msg = TREASURY_LIST_MSG.duplicateCode(values.code);
    throw conflict(msg, { [fieldOf(kind, 'code')]: [msg] });
  }
  const same = await q.selectSameName(tx, kind, values.name, {
    ...(exceptId === undefined ? {} : { exceptId }),
    ...(values.categoryId === undefined ? {} : { categoryId: values.categoryId }),
  });
  if (!same) return;
  const msg =
    kind === 'feeSubCategory'
      ? TREASURY_LIST_MSG.duplicateSubCategory(values.name, same.categoryName ?? '')
      : TREASURY_LIST_MSG.duplicateName(noun, values.name);
  throw conflict(msg, { [fieldOf(kind, 'name')]: [msg] });
}

/** GET /treasury-lists: the four lists in their pick-list order, each entry with its usage. */
export async function listTreasuryListSettings(db: Db): Promise<TreasuryLists> {
  const [standardized, bank, client, categories, usage] = await Promise.all([
    lists.selectStandardizedDescriptions(db),
    lists.selectBankLevelExceptions(db),
    lists.selectClientLevelExceptions(db),
    listFeeCategories(db),
    q.selectListUsage(db),
  ]);
  const countOf = (kind: TreasuryListKind, name: string, category: string | null = null) =>
    usage.find((u) => u.kind === kind && u.name === name && u.category === category)?.n ?? 0;
  const withUsage =
    (kind: TreasuryListKind) =>
    <T extends { name: string }>(row: T) => ({ ...row, usageCount: countOf(kind, row.name) });
  return {
    msg: TREASURY_LIST_MSG.loaded,
    standardizedDescriptions: standardized.map(withUsage('standardizedDescription')),
    bankLevelExceptions: bank.map(withUsage('bankLevelException')),
    clientLevelExceptions: client.map(withUsage('clientLevelException')),
    feeCategories: categories.map((c) => ({
      ...c,
      usageCount: countOf('feeCategory', c.name),
      subCategories: c.subCategories.map((s) => ({
        ...s,
        usageCount: countOf('feeSubCategory', s.name, c.name),
      })),
    })),
  };
}

export async function createListEntry(
  db: Db,
  kind: TreasuryListKind,
  values: ListEntryValues,
  ctx: AuditContext,
): Promise<TreasuryListEntry> {
  return db.transaction(async (tx) => {
    await q.lockTreasuryLists(tx);
    if (kind === 'feeSubCategory' && (await q.selectCategoryName(tx, values.categoryId!)) === null) {
      const msg = TREASURY_LIST_MSG.unknownCategory;
      throw badRequest(msg, { [fieldOf(kind, 'categoryId')]: [msg] });
    }
    await assertUnique(tx, kind, values);
    const id = await q.insertListEntry(tx, kind, values);
    const row = (await q.selectListEntryForUpdate(tx, kind, id))!;
    await writeAudit(tx, ctx, {
      action: `${ENTITY_OF[kind]}.created`,
      entity: ENTITY_OF[kind],
      entityId: id,
      after: toEntry(row),
    });
    return toEntry(row);
  });
}

/** Edit: the name and the list's own fields; a new name reaches the open batches' staging rows. */
export async function editListEntry(
  db: Db,
  kind: TreasuryListKind,
  id: number,
  values: ListEntryValues,
  ctx: AuditContext,
): Promise<TreasuryListEntry> {
  return db.transaction(async (tx) => {
    await q.lockTreasuryLists(tx);
    const before = await q.selectListEntryForUpdate(tx, kind, id);
    if (!before) throw notFound(TREASURY_LISTS[kind].msg.notFound);
    await assertUnique(tx, kind, { ...values, categoryId: before.categoryId }, id);
    await q.updateListEntry(tx, kind, id, values);
    const stagingRowsRenamed =
      before.name === values.name ? 0 : await q.renameInOpenStaging(tx, kind, before, values.name);
    const after = (await q.selectListEntryForUpdate(tx, kind, id))!;
    await writeAudit(tx, ctx, {
      action: `${ENTITY_OF[kind]}.updated`,
      entity: ENTITY_OF[kind],
      entityId: id,
      before: toEntry(before),
      after: { ...toEntry(after), stagingRowsRenamed },
    });
    return toEntry(after);
  });
}

/** Delete an entry no row carries (a category: nor any of its sub categories, deleted with it). */
export async function deleteListEntry(db: Db, kind: TreasuryListKind, id: number, ctx: AuditContext) {
  await db.transaction(async (tx) => {
    await q.lockTreasuryLists(tx);
    const entry = await q.selectListEntryForUpdate(tx, kind, id);
    if (!entry) throw notFound(TREASURY_LISTS[kind].msg.notFound);
    // A category's sub categories go with it; a fee row carrying one of them carries the category too.
    const subCategories =
      kind === 'feeCategory'
        ? (await lists.selectFeeSubCategories(tx)).filter((s) => s.categoryId === id)
        : [];
    const used = await q.countListEntryUsage(tx, kind, entry);
    if (used > 0) throw conflict(TREASURY_LIST_MSG.inUse(entry.name, used));
    await q.deleteListEntry(tx, kind, id);
    await writeAudit(tx, ctx, {
      action: `${ENTITY_OF[kind]}.deleted`,
      entity: ENTITY_OF[kind],
      entityId: id,
      before: {
        ...toEntry(entry),
        ...(subCategories.length > 0 ? { subCategories: subCategories.map((s) => s.name) } : {}),
      },
    });
  });
}
