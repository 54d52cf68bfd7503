import {
  BANK_MSG,
  type Bank,
  type BankInputParsed,
  type BankOption,
  type InstitutionTypeOption,
} from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import type { banks } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error';
import * as q from './banks.queries';

// Banks (spec 2 "Banks administration", 3 "Bank") are shared by every client. A client-scoped user
// sees only the banks related to their clients, so no other client's banking is revealed.
const visibleBanks = (user: CurrentUser) =>
  user.isClientScoped ? q.whereBankRelatedToClients(user.clientIds) : undefined;

type BankRow = typeof banks.$inferSelect;

function toBank(row: BankRow, institutionType: string | null): Bank {
  return {
    bankId: row.bankId,
    bankName: row.bankName,
    assetSize: Number(row.assetSize),
    status: row.status === 1 ? 1 : 0,
    defaultDataGatheringFrequency: row.defaultDataGatheringFrequency,
    dataAvailabilityDate: row.dataAvailabilityDate,
    fdicCode: row.fdicCode,
    institutionTypeId: row.institutionTypeId,
    institutionType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditedFields = (r: BankRow) => ({
  bankName: r.bankName,
  assetSize: r.assetSize,
  status: r.status,
  defaultDataGatheringFrequency: r.defaultDataGatheringFrequency,
  dataAvailabilityDate: r.dataAvailabilityDate,
  fdicCode: r.fdicCode,
  institutionTypeId: r.institutionTypeId,
});

const hasPermission = (user: CurrentUser, permission: 'DEACTIVATE_BANKS') =>
  user.permList.includes(permission);

export async function listBanks(db: DbOrTx, user: CurrentUser): Promise<Bank[]> {
  const rows = await q.selectBanks(db, visibleBanks(user));
  return rows.map((r) => toBank(r.bank, r.institutionType));
}

export function listBankOptions(db: DbOrTx, user: CurrentUser): Promise<BankOption[]> {
  return q.selectBankOptions(db, visibleBanks(user));
}

export function listDefaultFrequencies(db: DbOrTx, user: CurrentUser) {
  return q.selectDefaultFrequencies(db, visibleBanks(user));
}

export async function listInstitutionTypeOptions(db: DbOrTx): Promise<InstitutionTypeOption[]> {
  const rows = await q.selectActiveInstitutionTypes(db);
  return rows.map((r) => ({ ...r, label: r.institutionTypeName, value: r.institutionTypeId }));
}

export function bankNameExists(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  return q.existsBankName(db, name, exceptId);
}

/** A bank by id whatever the caller may see (other areas check their own records' access). */
export async function findBankById(db: DbOrTx, bankId: number): Promise<Bank | null> {
  const row = await q.selectBankById(db, bankId);
  return row ? toBank(row.bank, row.institutionType) : null;
}

async function assertInstitutionTypeUsable(
  db: DbOrTx,
  id: number | null | undefined,
  current?: number | null,
) {
  if (id == null || id === current) return;
  const type = await q.selectInstitutionType(db, id);
  if (!type || type.status !== 1)
    throw badRequest(BANK_MSG.institutionTypeInactive, {
      institutionTypeId: [BANK_MSG.institutionTypeInactive],
    });
}

const valuesOf = (input: BankInputParsed) => ({
  bankName: input.bankName,
  assetSize: input.assetSize,
  defaultDataGatheringFrequency: input.defaultDataGatheringFrequency,
  dataAvailabilityDate: input.dataAvailabilityDate,
  fdicCode: input.fdicCode ?? null,
  institutionTypeId: input.institutionTypeId ?? null,
});

/** Add Bank: new banks are active unless a user who may deactivate says otherwise (platform.md 4.5). */
export async function createBank(db: Db, user: CurrentUser, input: BankInputParsed, ctx: AuditContext) {
  if (input.status === 0 && !hasPermission(user, 'DEACTIVATE_BANKS')) throw forbidden();
  return db.transaction(async (tx) => {
    await assertInstitutionTypeUsable(tx, input.institutionTypeId);
    const row = await q.insertBank(tx, { ...valuesOf(input), status: input.status ?? 1 });
    await writeAudit(tx, ctx, {
      action: 'bank.created',
      entity: 'bank',
      entityId: row.bankId,
      after: auditedFields(row),
    });
    return (await findBankById(tx, row.bankId))!;
  });
}

/** Edit Bank; changing the status needs DEACTIVATE_BANKS. */
export async function editBank(
  db: Db,
  user: CurrentUser,
  bankId: number,
  input: BankInputParsed,
  ctx: AuditContext,
) {
  return db.transaction(async (tx) => {
    if (!(await q.selectBankById(tx, bankId, visibleBanks(user)))) throw notFound(BANK_MSG.notFound);
    const before = (await q.lockBank(tx, bankId))!;
    const status = input.status ?? before.status;
    if (status !== before.status && !hasPermission(user, 'DEACTIVATE_BANKS')) throw forbidden();
    await assertInstitutionTypeUsable(tx, input.institutionTypeId, before.institutionTypeId);
    await q.updateBank(tx, bankId, { ...valuesOf(input), status });
    const after = (await q.lockBank(tx, bankId))!;
    await writeAudit(tx, ctx, {
      action: 'bank.updated',
      entity: 'bank',
      entityId: bankId,
      before: auditedFields(before),
      after: auditedFields(after),
    });
    return (await findBankById(tx, bankId))!;
  });
}
