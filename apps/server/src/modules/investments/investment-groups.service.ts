import { and, type SQL } from 'drizzle-orm';
import {
  INVESTMENT_GROUP_MSG,
  type InvestmentGroup,
  type InvestmentGroupDetail,
  type InvestmentGroupOption,
} from '@tideline/contracts/investments/investment-groups.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { investments } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { notFound } from '../../platform/http/app-error';
import { toInvestment } from './investment-fields';
import * as gq from './investment-groups.queries';
import * as q from './investments.queries';
import { findVisibleInvestment, lockVisibleInvestments } from './investments.service';

// Groups are firm-wide, investments belong to clients. A client-scoped user sees a group only when it
// holds at least one investment of their clients, and its count and settlement total are over those
// investments alone; any other group answers 'Investment group does not exist.' like a missing one.

type GroupTotalsRow = Awaited<ReturnType<typeof gq.selectGroupsWithTotals>>[number];

function toGroup(row: GroupTotalsRow): InvestmentGroup {
  return {
    groupId: row.groupId,
    groupName: row.groupName,
    countInvestments: Number(row.countInvestments),
    settlementAmountSum: Number(row.settlementAmountSum),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function visibleGroups(db: DbOrTx, user: CurrentUser, groupWhere?: SQL) {
  return gq.selectGroupsWithTotals(db, {
    memberWhere: whereClientVisible(user, investments.clientId),
    ...(groupWhere ? { groupWhere } : {}),
    onlyWithMembers: user.isClientScoped,
  });
}

export async function findVisibleGroup(
  db: DbOrTx,
  user: CurrentUser,
  groupId: number,
): Promise<InvestmentGroup> {
  const [row] = await visibleGroups(db, user, gq.whereGroupIs(groupId));
  if (!row) throw notFound(INVESTMENT_GROUP_MSG.notFound);
  return toGroup(row);
}

/** Locks the group after checking the user may see it. */
async function lockVisibleGroup(tx: DbOrTx, user: CurrentUser, groupId: number) {
  await findVisibleGroup(tx, user, groupId);
  const row = await gq.selectGroupForUpdate(tx, groupId);
  if (!row) throw notFound(INVESTMENT_GROUP_MSG.notFound);
  return row;
}

export function createInvestmentGroupsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async listGroups(user: CurrentUser): Promise<InvestmentGroup[]> {
      return (await visibleGroups(db, user)).map(toGroup);
    },

    async listGroupOptions(user: CurrentUser): Promise<InvestmentGroupOption[]> {
      return (await visibleGroups(db, user)).map((g) => ({ label: g.groupName, value: g.groupId }));
    },

    findGroup: (user: CurrentUser, groupId: number) => findVisibleGroup(db, user, groupId),

    /** GET /groups/{id}: the group and its investments the user may see. */
    async findGroupDetail(user: CurrentUser, groupId: number): Promise<InvestmentGroupDetail> {
      const group = await findVisibleGroup(db, user, groupId);
      const rows = await q.selectInvestments(
        db,
        and(whereClientVisible(user, investments.clientId), q.whereInGroup(groupId)),
      );
      return { ...group, investments: rows.map(toInvestment) };
    },

    async createGroup(user: CurrentUser, groupName: string, ctx: AuditContext): Promise<InvestmentGroup> {
      const row = await db.transaction(async (tx) => {
        const created = await gq.insertGroup(tx, groupName);
        await writeAudit(tx, ctx, {
          action: 'investment_group.created',
          entity: 'investment_group',
          entityId: created.groupId,
          after: { groupName },
        });
        return created;
      });
      return {
        groupId: row.groupId,
        groupName: row.groupName,
        countInvestments: 0,
        settlementAmountSum: 0,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async renameGroup(
      user: CurrentUser,
      groupId: number,
      groupName: string,
      ctx: AuditContext,
    ): Promise<InvestmentGroup> {
      await db.transaction(async (tx) => {
        const before = await lockVisibleGroup(tx, user, groupId);
        await gq.renameGroup(tx, groupId, groupName);
        await writeAudit(tx, ctx, {
          action: 'investment_group.updated',
          entity: 'investment_group',
          entityId: groupId,
          before: { groupName: before.groupName },
          after: { groupName },
        });
      });
      return findVisibleGroup(db, user, groupId);
    },

    /**
     * DELETE /groups/: the groups go, their investments stay. A client-scoped user may delete only groups
     * made entirely of their clients' investments.
     */
    async deleteGroups(user: CurrentUser, groupIds: readonly number[], ctx: AuditContext): Promise<number> {
      const unique = [...new Set(groupIds)];
      return db.transaction(async (tx) => {
        for (const groupId of unique) await findVisibleGroup(tx, user, groupId);
        const rows = await gq.selectGroupsForUpdate(tx, unique);
        if (rows.length !== unique.length) throw notFound(INVESTMENT_GROUP_MSG.notFound);
        const members = await gq.selectMemberIds(tx, unique);
        if (
          user.isClientScoped &&
          !(await q.areAllVisible(
            tx,
            user,
            members.map((m) => m.investmentId),
          ))
        )
          throw notFound(INVESTMENT_GROUP_MSG.notFound);
        for (const row of rows) {
          await writeAudit(tx, ctx, {
            action: 'investment_group.deleted',
            entity: 'investment_group',
            entityId: row.groupId,
            before: {
              groupName: row.groupName,
              investmentIdList: members.filter((m) => m.groupId === row.groupId).map((m) => m.investmentId),
            },
          });
        }
        await gq.deleteGroups(tx, unique);
        return rows.length;
      });
    },

    /** POST /group-association/{groupId}: adds the investments; those already in the group are no-ops. */
    async addInvestments(
      user: CurrentUser,
      groupId: number,
      investmentIds: readonly number[],
      ctx: AuditContext,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await lockVisibleGroup(tx, user, groupId);
        const rows = await lockVisibleInvestments(tx, user, investmentIds);
        const added = await gq.insertMembers(
          tx,
          groupId,
          rows.map((r) => r.id),
        );
        if (added.length) {
          await gq.touchGroup(tx, groupId);
          await writeAudit(tx, ctx, {
            action: 'investment_group.investments_added',
            entity: 'investment_group',
            entityId: groupId,
            after: { investmentIdList: added },
          });
        }
        return added.length;
      });
    },

    /** DELETE /group-association: takes the investments out of the group (they stay otherwise). */
    async removeInvestments(
      user: CurrentUser,
      groupId: number,
      investmentIds: readonly number[],
      ctx: AuditContext,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await lockVisibleGroup(tx, user, groupId);
        await lockVisibleInvestments(tx, user, investmentIds);
        const removed = await gq.deleteMembers(tx, groupId, [...new Set(investmentIds)]);
        if (removed.length) {
          await gq.touchGroup(tx, groupId);
          await writeAudit(tx, ctx, {
            action: 'investment_group.investments_removed',
            entity: 'investment_group',
            entityId: groupId,
            before: { investmentIdList: removed },
          });
        }
        return removed.length;
      });
    },

    /** GET /group-association/{investmentId}: the groups the investment belongs to. */
    async listInvestmentGroups(user: CurrentUser, investmentId: number): Promise<InvestmentGroupOption[]> {
      await findVisibleInvestment(db, user, investmentId);
      return gq.selectInvestmentGroupOptions(db, investmentId);
    },

    /** The same-name warning: a client-scoped user hears only of the groups they can see. */
    async groupNameExists(user: CurrentUser, name: string, exceptId?: number): Promise<boolean> {
      if (!user.isClientScoped) return gq.groupNameExists(db, name, exceptId);
      return (await visibleGroups(db, user, gq.whereGroupNamed(name, exceptId))).length > 0;
    },
  };
}

export type InvestmentGroupsService = ReturnType<typeof createInvestmentGroupsService>;
