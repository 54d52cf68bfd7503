import { and, eq } from 'drizzle-orm';
import type {
  Account,
  AccountInputParsed,
  AccountOption,
} from '@tideline/contracts/accounts/accounts.schemas';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import { CLIENT_MSG } from '@tideline/contracts/clients/clients.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { accounts } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { assertClientAccess, canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { findClientsByIds } from '../clients/clients.service';
import { ensureAllAccountsGroup, insertMemberships } from './account-groups.queries';
import * as q from './accounts.queries';

type AccountRecord = typeof accounts.$inferSelect;

/** The client exists and the user may see it; else 'Client not found.' (scoping answers as missing). */
export async function assertVisibleClient(db: DbOrTx, user: CurrentUser, clientId: number) {
  assertClientAccess(user, clientId, CLIENT_MSG.notFound);
  if ((await findClientsByIds(db, [clientId])).length === 0) throw notFound(CLIENT_MSG.notFound);
}

/** A record of an account the user may see, or 'Account not found.'. */
export function assertVisibleAccount<T extends { clientId: number } | null>(
  user: CurrentUser,
  row: T,
  msg: string = ACCOUNT_MSG.notFound,
): asserts row is NonNullable<T> {
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(msg);
}

/** For other areas (transactions): the account, if the user may see it; else 'Account not found.'. */
export async function findVisibleAccount(db: DbOrTx, user: CurrentUser, accountId: number) {
  const row = await q.selectAccountById(db, accountId);
  assertVisibleAccount(user, row);
  return toAccount(row);
}

/** For pull providers (bank links): the client's completed accounts at one bank, to place rows on. */
export async function listBankAccountNumbers(db: DbOrTx, clientId: number, bankId: number) {
  const rows = await q.selectAccounts(
    db,
    and(eq(accounts.clientId, clientId), eq(accounts.bankId, bankId), eq(accounts.isStaging, false)),
  );
  return rows.map((r) => ({ accountId: r.accountId, accountNumber: r.accountNumber }));
}

export function toAccount(row: q.AccountRow): Account {
  const { ownCollectionType, defaultCollectionType, ...rest } = row;
  return {
    ...rest,
    accountBalance: row.accountBalance === null ? null : Number(row.accountBalance),
    accountClosed: row.accountClosed ? 1 : 0,
    collectionType: ownCollectionType ?? defaultCollectionType ?? null,
    inheritedCollectionType: ownCollectionType === null,
    defaultCollectionType: defaultCollectionType ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit row keeps of an account. */
export function auditedAccount(r: AccountRecord) {
  return {
    clientId: r.clientId,
    accountName: r.accountName,
    accountNumber: r.accountNumber,
    accountAlias: r.accountAlias,
    accountType: r.accountType,
    accountCategory: r.accountCategory,
    bankId: r.bankId,
    accountBalance: r.accountBalance,
    accountBalanceDate: r.accountBalanceDate,
    accountClosed: r.accountClosed,
    accountDateClosed: r.accountDateClosed,
    dataGatheringFrequency: r.dataGatheringFrequency,
    collectionType: r.collectionType,
    isStaging: r.isStaging,
    sourceFileId: r.sourceFileId,
  };
}

function valuesOf(input: AccountInputParsed) {
  return {
    accountName: input.accountName,
    accountNumber: input.accountNumber,
    accountAlias: input.accountAlias,
    accountType: input.accountType,
    accountCategory: input.accountCategory,
    bankId: input.bankId,
    accountBalance: input.accountBalance ?? null,
    accountBalanceDate: input.accountBalanceDate,
    accountClosed: input.accountClosed === 1,
    accountDateClosed: input.accountDateClosed,
    dataGatheringFrequency: input.dataGatheringFrequency,
    collectionType: input.collectionType,
  };
}

/** The two database rules a form can break: the same number at the same bank, a bank not related. */
async function saveAccount<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_client_bank_number_key'))
      throw conflict(ACCOUNT_MSG.duplicateNumber, { accountNumber: [ACCOUNT_MSG.duplicateNumber] });
    if (isForeignKeyViolation(error, 'accounts_relationship_fk'))
      throw badRequest(ACCOUNT_MSG.bankNotRelated, { bankId: [ACCOUNT_MSG.bankNotRelated] });
    throw error;
  }
}

function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23503') return name === constraint;
  }
  return false;
}

/** Every complete account belongs to its client's 'All Accounts' group (spec 3, 9). */
export async function joinAllAccountsGroup(tx: DbOrTx, clientId: number, accountIds: readonly number[]) {
  const groupId = await ensureAllAccountsGroup(tx, clientId);
  await insertMemberships(
    tx,
    clientId,
    accountIds.map((accountId) => ({ groupId, accountId })),
  );
}

export function createAccountsService(deps: { db: Db }) {
  const { db } = deps;
  const clientAccounts = q.prepareClientAccounts(db);

  return {
    /** GET /all/{clientId} (isStaging false) and GET /review/{clientId} (isStaging true). */
    async listAccounts(user: CurrentUser, clientId: number, isStaging: boolean): Promise<Account[]> {
      assertClientAccess(user, clientId, CLIENT_MSG.notFound);
      const rows = await clientAccounts.execute({ clientId, isStaging });
      // An account's client exists (foreign key): only an empty list asks whether the client does, so
      // the usual request is one round trip (issue 21 point 2).
      if (rows.length === 0) await assertVisibleClient(db, user, clientId);
      return rows.map(toAccount);
    },

    async listAccountOptions(user: CurrentUser, clientId: number): Promise<AccountOption[]> {
      await assertVisibleClient(db, user, clientId);
      return q.selectAccountOptions(db, clientId);
    },

    async findAccount(user: CurrentUser, clientId: number, accountId: number): Promise<Account> {
      const row = await q.selectAccountById(db, accountId);
      assertVisibleAccount(user, row);
      if (row.clientId !== clientId) throw notFound(ACCOUNT_MSG.notFound);
      return toAccount(row);
    },

    async createAccount(user: CurrentUser, input: AccountInputParsed, ctx: AuditContext): Promise<Account> {
      await assertVisibleClient(db, user, input.clientId);
      const accountId = await saveAccount(() =>
        db.transaction(async (tx) => {
          const row = await q.insertAccount(tx, { clientId: input.clientId, ...valuesOf(input) });
          await joinAllAccountsGroup(tx, input.clientId, [row.accountId]);
          await writeAudit(tx, ctx, {
            action: 'account.created',
            entity: 'account',
            entityId: row.accountId,
            after: auditedAccount(row),
          });
          return row.accountId;
        }),
      );
      return toAccount((await q.selectAccountById(db, accountId))!);
    },

    /** PUT /{accountId}: the whole form; saving a staging account completes it (spec 4). */
    async editAccount(
      user: CurrentUser,
      accountId: number,
      input: AccountInputParsed,
      ctx: AuditContext,
    ): Promise<Account> {
      await saveAccount(() =>
        db.transaction(async (tx) => {
          const before = await q.selectAccountForUpdate(tx, accountId);
          assertVisibleAccount(user, before);
          if (before.clientId !== input.clientId) throw notFound(ACCOUNT_MSG.notFound);
          const after = await q.updateAccount(tx, accountId, { ...valuesOf(input), isStaging: false });
          if (before.isStaging) await joinAllAccountsGroup(tx, before.clientId, [accountId]);
          await writeAudit(tx, ctx, {
            action: before.isStaging ? 'account.completed' : 'account.updated',
            entity: 'account',
            entityId: accountId,
            before: auditedAccount(before),
            after: auditedAccount(after),
          });
        }),
      );
      return toAccount((await q.selectAccountById(db, accountId))!);
    },

    /**
     * DELETE /review (staging only) and DELETE /remove (complete accounts): the account goes with its
     * group memberships, links and transactions; the audit row keeps the account and what went with it.
     */
    async deleteAccounts(
      user: CurrentUser,
      accountIds: readonly number[],
      mode: 'staging' | 'complete',
      ctx: AuditContext,
    ): Promise<number> {
      const ids = [...new Set(accountIds)];
      return db.transaction(async (tx) => {
        const rows = await q.selectAccountRowsByIds(tx, ids);
        if (rows.length !== ids.length) throw notFound(ACCOUNT_MSG.notFound);
        for (const row of rows) {
          assertVisibleAccount(user, row);
          if (mode === 'staging' && !row.isStaging) throw conflict(ACCOUNT_MSG.notStaging);
          if (mode === 'complete' && row.isStaging) throw notFound(ACCOUNT_MSG.notFound);
        }
        for (const row of rows) {
          const footprint = await q.selectDeletionFootprint(tx, row.accountId);
          await writeAudit(tx, ctx, {
            action: 'account.deleted',
            entity: 'account',
            entityId: row.accountId,
            before: { ...auditedAccount(row), ...footprint },
          });
        }
        await q.deleteAccountsByIds(tx, ids);
        return rows.length;
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
