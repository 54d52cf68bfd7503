import { and, type SQL } from 'drizzle-orm';
import { MSG, type PagedList, type PagedListQuery } from '@tideline/contracts';
import {
  INVESTMENT_MSG,
  isCallDateMissing,
  NO_FILE_ID,
  type Investment,
  type InvestmentInputParsed,
  type InvestmentTypeOption,
} from '@tideline/contracts/investments/investments.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { investments } from '../../db/schema';
import { canAccessClient, whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import { fetchPagedList } from '../../platform/paging/paged-list';
import { assertVisibleClient, findVisibleAccount } from '../accounts/accounts.service';
import { toInvestment } from './investment-fields';
import { investmentListFor, splitScopeFilters } from './investment-list';
import * as q from './investments.queries';

type InvestmentRecord = typeof investments.$inferSelect;

/** What an audit row keeps of an investment (every stored field, so a deleted one can be told apart). */
export const auditedInvestment = (i: InvestmentRecord) => ({
  clientId: i.clientId,
  accountId: i.accountId,
  fileId: i.fileId,
  investmentTypeId: i.investmentTypeId,
  investmentId: i.marketIdentifier,
  faceValue: i.faceValue,
  settlementAmount: i.settlementAmount,
  interestRate: i.interestRate,
  couponRate: i.couponRate,
  settlementDate: i.settlementDate,
  maturityDate: i.maturityDate,
  callDate: i.callDate,
  fund: i.fund,
  liquidityLevel: i.liquidityLevel,
});

/** The investment, if the user may see its client; else 'Investment not found.' (ids cannot be probed). */
export async function findVisibleInvestment(db: DbOrTx, user: CurrentUser, id: number): Promise<Investment> {
  const row = await q.selectInvestmentById(db, id);
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(INVESTMENT_MSG.notFound);
  return toInvestment(row);
}

/** Locks the investments; any missing or outside the user's clients makes the whole call a 404. */
export async function lockVisibleInvestments(tx: DbOrTx, user: CurrentUser, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await q.selectInvestmentsForUpdate(tx, unique);
  if (rows.length !== unique.length || !rows.every((r) => canAccessClient(user, r.clientId)))
    throw notFound(INVESTMENT_MSG.notFound);
  return rows;
}

/**
 * Spec 5: the chosen type must exist and be active (422: a valid form the current settings refuse).
 * `currentTypeId` is the row's type (a staging row may have none yet); answers the type.
 */
export async function assertActiveType(db: DbOrTx, investmentTypeId: number, currentTypeId: number | null) {
  const type = await q.selectInvestmentType(db, investmentTypeId);
  if (!type)
    throw badRequest(INVESTMENT_MSG.typeNotFound, { investmentTypeId: [INVESTMENT_MSG.typeNotFound] });
  // Keeping the type an investment already has is fine even after the type was deactivated.
  if (type.status !== 1 && investmentTypeId !== currentTypeId)
    throw new AppError(422, INVESTMENT_MSG.typeNotActive, {
      investmentTypeId: [INVESTMENT_MSG.typeNotActive],
    });
  return type;
}

export function createInvestmentsService(deps: { db: Db }) {
  const { db } = deps;

  async function listPage(
    user: CurrentUser,
    request: PagedListQuery,
    frame: SQL | undefined,
  ): Promise<PagedList<Investment>> {
    const { query, conditions } = splitScopeFilters(request);
    const page = await fetchPagedList(investmentListFor(user), query, {
      where: and(whereClientVisible(user, investments.clientId), frame, ...conditions),
      count: (fields, where) => q.selectInvestmentCounts(db, fields, where),
      page: (p) => q.selectInvestmentPage(db, p),
    });
    return { ...page, results: page.results.map(toInvestment) };
  }

  return {
    /** POST /all/: every investment the user may see. */
    listInvestments: (user: CurrentUser, request: PagedListQuery) => listPage(user, request, undefined),

    async listAccountInvestments(user: CurrentUser, accountId: number, request: PagedListQuery) {
      await findVisibleAccount(db, user, accountId);
      return listPage(user, request, q.whereAccount(accountId));
    },

    async listClientInvestments(user: CurrentUser, clientId: number, request: PagedListQuery) {
      await assertVisibleClient(db, user, clientId);
      return listPage(user, request, q.whereClient(clientId));
    },

    /** GET /all: every visible investment, soonest maturity first. */
    async listAllInvestments(user: CurrentUser): Promise<Investment[]> {
      const rows = await q.selectInvestments(db, whereClientVisible(user, investments.clientId));
      return rows.map(toInvestment);
    },

    findInvestment: (user: CurrentUser, id: number) => findVisibleInvestment(db, user, id),

    async editInvestment(
      user: CurrentUser,
      id: number,
      input: InvestmentInputParsed,
      ctx: AuditContext,
    ): Promise<Investment> {
      await db.transaction(async (tx) => {
        const [before] = await lockVisibleInvestments(tx, user, [id]);
        const type = await assertActiveType(tx, input.investmentTypeId, before!.investmentTypeId);
        // Issue 20 point 1: only a callable instrument needs its call date.
        if (isCallDateMissing(input.callDate, type))
          throw badRequest(MSG.required, { callDate: [MSG.required] });
        const after = await q.updateInvestment(tx, id, {
          faceValue: input.faceValue,
          settlementAmount: input.settlementAmount,
          interestRate: input.interestRate,
          couponRate: input.couponRate,
          maturityDate: input.maturityDate,
          callDate: input.callDate,
          settlementDate: input.settlementDate,
          investmentTypeId: input.investmentTypeId,
          fund: input.fund,
          marketIdentifier: input.investmentId,
        });
        await writeAudit(tx, ctx, {
          action: 'investment.updated',
          entity: 'investment',
          entityId: id,
          before: auditedInvestment(before!),
          after: auditedInvestment(after),
        });
      });
      return findVisibleInvestment(db, user, id);
    },

    /** DELETE /remove: irreversible; each audit row keeps the whole investment and its groups. */
    async deleteInvestments(user: CurrentUser, ids: readonly number[], ctx: AuditContext): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await lockVisibleInvestments(tx, user, ids);
        const memberships = await q.selectMemberships(
          tx,
          rows.map((r) => r.id),
        );
        for (const row of rows) {
          const groupIds = memberships.filter((m) => m.investmentId === row.id).map((m) => m.groupId);
          await writeAudit(tx, ctx, {
            action: 'investment.deleted',
            entity: 'investment',
            entityId: row.id,
            before: { ...auditedInvestment(row), investmentGroupIdList: groupIds },
          });
        }
        await q.deleteInvestmentsByIds(
          tx,
          rows.map((r) => r.id),
        );
        return rows.length;
      });
    },

    /** Download Source: the stored file's id, or 'No file associated with this investment.' (fileId 1). */
    async findSourceFile(user: CurrentUser, id: number): Promise<{ fileId: number; fileName: string }> {
      const investment = await findVisibleInvestment(db, user, id);
      const file = investment.fileId === NO_FILE_ID ? null : await q.selectStoredFile(db, investment.fileId);
      if (!file || file.status !== 'stored') throw notFound(INVESTMENT_MSG.noFile);
      return { fileId: file.fileId, fileName: file.fileName };
    },

    listTypeOptions(): Promise<InvestmentTypeOption[]> {
      return q.selectActiveTypeOptions(db);
    },
  };
}

export type InvestmentsService = ReturnType<typeof createInvestmentsService>;
