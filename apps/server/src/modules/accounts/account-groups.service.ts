import { eq } from 'drizzle-orm';
import {
  ACCOUNT_GROUP_MSG,
  ALL_ACCOUNTS_GROUP_NAME,
  type AccountGroup,
  type AccountGroupAssociation,
  type AccountGroupDetail,
  type GroupOption,
} from '@tideline/contracts/accounts/account-groups.schemas';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { accountGroups } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import * as gq from './account-groups.queries';
import { selectAccountById, selectAccountForUpdate, selectAccountRowsByIds } from './accounts.queries';
import { assertVisibleAccount, assertVisibleClient } from './accounts.service';
import { validateGroupHistory } from './group-validation';

type GroupRecord = typeof accountGroups.$inferSelect;

function assertVisibleGroup<T extends GroupRecord | null>(
  user: CurrentUser,
  row: T,
): asserts row is NonNullable<T> {
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(ACCOUNT_GROUP_MSG.notFound);
}

/** The unique index is the final word on names; a racing twin gets the same 409. */
async function saveGroupName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'account_groups_client_name_lower_key'))
      throw conflict(ACCOUNT_GROUP_MSG.nameTaken, { groupName: [ACCOUNT_GROUP_MSG.nameTaken] });
    throw error;
  }
}

async function assertNameFree(tx: DbOrTx, clientId: number, name: string, exceptGroupId?: number) {
  const isReserved = name.toLowerCase() === ALL_ACCOUNTS_GROUP_NAME.toLowerCase();
  if (isReserved || (await gq.findGroupIdByName(tx, clientId, name, exceptGroupId)))
    throw conflict(ACCOUNT_GROUP_MSG.nameTaken, { groupName: [ACCOUNT_GROUP_MSG.nameTaken] });
}

/** Count, minDate and validationStatus of each group, from its accounts' transaction days. */
async function describeGroups(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof gq.selectGroupsWithCounts>>,
): Promise<AccountGroup[]> {
  const members = await gq.selectMemberAccountIds(
    db,
    rows.map((r) => r.groupId),
  );
  const accountIds = [...new Set(members.map((m) => m.accountId))];
  const daysByAccount = new Map<number, string[]>(accountIds.map((id) => [id, []]));
  for (const { accountId, day } of await gq.selectTransactionDays(db, accountIds))
    daysByAccount.get(accountId)!.push(day);
  return rows.map((row) => {
    const own = new Map(
      members
        .filter((m) => m.groupId === row.groupId)
        .map((m) => [m.accountId, daysByAccount.get(m.accountId)!]),
    );
    const history = validateGroupHistory(own);
    return {
      groupID: row.groupId,
      groupName: row.groupName,
      numberOfAccounts: row.numberOfAccounts,
      updatedAt: row.updatedAt.toISOString(),
      validationStatus: history.validationStatus,
      minDate: history.minDate,
      isAllAccounts: row.isAllAccounts,
    };
  });
}

async function describeGroup(db: DbOrTx, groupId: number): Promise<AccountGroup> {
  const rows = await gq.selectGroupsWithCounts(db, eq(accountGroups.groupId, groupId));
  return (await describeGroups(db, rows))[0]!;
}

export function createAccountGroupsService(deps: { db: Db }) {
  const { db } = deps;

  /** The account, locked, visible and complete (staging accounts join groups once completed). */
  async function lockCompleteAccount(tx: DbOrTx, user: CurrentUser, accountId: number) {
    const account = await selectAccountForUpdate(tx, accountId);
    assertVisibleAccount(user, account);
    if (account.isStaging) throw notFound(ACCOUNT_MSG.notFound);
    return account;
  }

  return {
    /** GET /groups/all/{clientId}: the Account Groups table. */
    async listGroups(user: CurrentUser, clientId: number): Promise<AccountGroup[]> {
      await assertVisibleClient(db, user, clientId);
      return describeGroups(db, await gq.selectGroupsWithCounts(db, eq(accountGroups.clientId, clientId)));
    },

    /** GET /groups/list/{clientId}: label and value, for selects. */
    async listGroupOptions(user: CurrentUser, clientId: number): Promise<GroupOption[]> {
      await assertVisibleClient(db, user, clientId);
      const rows = await gq.selectGroupsWithCounts(db, eq(accountGroups.clientId, clientId));
      return rows.map((r) => ({ label: r.groupName, value: r.groupId, isAllAccounts: r.isAllAccounts }));
    },

    /** GET /groups/{groupId}: the group with its accounts. */
    async findGroup(user: CurrentUser, groupId: number): Promise<AccountGroupDetail> {
      const row = await gq.selectGroupById(db, groupId);
      assertVisibleGroup(user, row);
      const [group, accounts] = await Promise.all([
        describeGroup(db, groupId),
        gq.selectGroupAccounts(db, groupId),
      ]);
      return { ...group, clientId: row.clientId, accounts };
    },

    async createGroup(
      user: CurrentUser,
      input: { clientId: number; addAccountGroupName: string },
      ctx: AuditContext,
    ): Promise<AccountGroup> {
      await assertVisibleClient(db, user, input.clientId);
      const groupId = await saveGroupName(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, input.clientId, input.addAccountGroupName);
          const row = await gq.insertGroup(tx, {
            clientId: input.clientId,
            groupName: input.addAccountGroupName,
          });
          await writeAudit(tx, ctx, {
            action: 'account-group.created',
            entity: 'account_group',
            entityId: row.groupId,
            after: { clientId: row.clientId, groupName: row.groupName },
          });
          return row.groupId;
        }),
      );
      return describeGroup(db, groupId);
    },

    async renameGroup(
      user: CurrentUser,
      groupId: number,
      name: string,
      ctx: AuditContext,
    ): Promise<AccountGroup> {
      await saveGroupName(() =>
        db.transaction(async (tx) => {
          const [before] = await gq.selectGroupsByIds(tx, [groupId]);
          assertVisibleGroup(user, before ?? null);
          if (before!.isAllAccounts) throw conflict(ACCOUNT_GROUP_MSG.allAccountsLocked);
          await assertNameFree(tx, before!.clientId, name, groupId);
          await gq.updateGroup(tx, groupId, { groupName: name });
          await writeAudit(tx, ctx, {
            action: 'account-group.updated',
            entity: 'account_group',
            entityId: groupId,
            before: { groupName: before!.groupName },
            after: { groupName: name },
          });
        }),
      );
      return describeGroup(db, groupId);
    },

    /** DELETE /groups: the groups and their memberships (the accounts stay). */
    async deleteGroups(user: CurrentUser, groupIds: readonly number[], ctx: AuditContext): Promise<number> {
      const ids = [...new Set(groupIds)];
      return db.transaction(async (tx) => {
        const rows = await gq.selectGroupsByIds(tx, ids);
        if (rows.length !== ids.length) throw notFound(ACCOUNT_GROUP_MSG.notFound);
        for (const row of rows) {
          assertVisibleGroup(user, row);
          if (row.isAllAccounts) throw conflict(ACCOUNT_GROUP_MSG.allAccountsLocked);
        }
        const members = await gq.selectMemberAccountIds(tx, ids);
        for (const row of rows) {
          await writeAudit(tx, ctx, {
            action: 'account-group.deleted',
            entity: 'account_group',
            entityId: row.groupId,
            before: {
              clientId: row.clientId,
              groupName: row.groupName,
              accountIds: members.filter((m) => m.groupId === row.groupId).map((m) => m.accountId),
            },
          });
        }
        await gq.deleteGroupsByIds(tx, ids);
        return rows.length;
      });
    },

    /** POST /groups/{groupId}: Add Accounts (the client's complete accounts). */
    async addAccounts(
      user: CurrentUser,
      groupId: number,
      accountIds: readonly number[],
      ctx: AuditContext,
    ): Promise<number> {
      const ids = [...new Set(accountIds)];
      return db.transaction(async (tx) => {
        const [group] = await gq.selectGroupsByIds(tx, [groupId]);
        assertVisibleGroup(user, group ?? null);
        const rows = await selectAccountRowsByIds(tx, ids);
        const isEligible = (r: (typeof rows)[number]) => r.clientId === group!.clientId && !r.isStaging;
        if (rows.length !== ids.length || !rows.every(isEligible)) throw notFound(ACCOUNT_MSG.notFound);
        const added = await gq.insertMemberships(
          tx,
          group!.clientId,
          ids.map((accountId) => ({ groupId, accountId })),
        );
        await gq.touchGroups(tx, [groupId]);
        await writeAudit(tx, ctx, {
          action: 'account-group.accounts-added',
          entity: 'account_group',
          entityId: groupId,
          after: { accountIds: added.map((a) => a.accountId) },
        });
        return added.length;
      });
    },

    /** DELETE /groups/association: removes memberships; 'All Accounts' keeps every account. */
    async removeMemberships(
      user: CurrentUser,
      xrefIds: readonly number[],
      ctx: AuditContext,
    ): Promise<number> {
      const ids = [...new Set(xrefIds)];
      return db.transaction(async (tx) => {
        const rows = await gq.selectMembershipsByIds(tx, ids);
        if (rows.length !== ids.length || !rows.every((r) => canAccessClient(user, r.clientId)))
          throw notFound(ACCOUNT_GROUP_MSG.notFound);
        if (rows.some((r) => r.isAllAccounts)) throw conflict(ACCOUNT_GROUP_MSG.allAccountsMembership);
        for (const row of rows) {
          await writeAudit(tx, ctx, {
            action: 'account-group.account-removed',
            entity: 'account_group',
            entityId: row.groupId,
            before: { accountXrefId: row.accountXrefId, accountId: row.accountId },
          });
        }
        await gq.deleteMembershipsByIds(tx, ids);
        await gq.touchGroups(tx, [...new Set(rows.map((r) => r.groupId))]);
        return rows.length;
      });
    },

    /** GET /groups/association/{accountId}: the account's groups as chips. */
    async listAssociations(user: CurrentUser, accountId: number): Promise<AccountGroupAssociation[]> {
      const account = await selectAccountById(db, accountId);
      assertVisibleAccount(user, account);
      if (account.isStaging) throw notFound(ACCOUNT_MSG.notFound);
      const rows = await gq.selectAccountAssociations(db, accountId);
      return rows.map((r) => ({
        label: r.groupName,
        value: r.groupId,
        isAllAccounts: r.isAllAccounts,
        accountXrefId: r.accountXrefId,
      }));
    },

    /** PUT /groups/association/{accountId}: exactly these groups, plus 'All Accounts' always. */
    async setAssociations(
      user: CurrentUser,
      accountId: number,
      groupIds: readonly number[],
      ctx: AuditContext,
    ): Promise<AccountGroupAssociation[]> {
      await db.transaction(async (tx) => {
        const account = await lockCompleteAccount(tx, user, accountId);
        const allAccountsId = await gq.ensureAllAccountsGroup(tx, account.clientId);
        const wanted = [...new Set([allAccountsId, ...groupIds])];
        const groups = await gq.selectGroupsByIds(tx, wanted);
        if (groups.length !== wanted.length || groups.some((g) => g.clientId !== account.clientId))
          throw notFound(ACCOUNT_GROUP_MSG.notFound);
        const current = await gq.selectAccountAssociations(tx, accountId);
        const dropped = current.filter((c) => !wanted.includes(c.groupId));
        const added = await gq.insertMemberships(
          tx,
          account.clientId,
          wanted.map((groupId) => ({ groupId, accountId })),
        );
        await gq.deleteMembershipsByIds(
          tx,
          dropped.map((d) => d.accountXrefId),
        );
        await gq.touchGroups(tx, [...dropped.map((d) => d.groupId), ...added.map((a) => a.groupId)]);
        await writeAudit(tx, ctx, {
          action: 'account.groups-updated',
          entity: 'account',
          entityId: accountId,
          before: { groupIds: current.map((c) => c.groupId).sort((a, b) => a - b) },
          after: { groupIds: [...wanted].sort((a, b) => a - b) },
        });
      });
      return this.listAssociations(user, accountId);
    },
  };
}

export type AccountGroupsService = ReturnType<typeof createAccountGroupsService>;
