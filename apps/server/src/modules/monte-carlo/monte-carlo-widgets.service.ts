import {
  allocateBasisPoints,
  classifyLiquidityLevel,
  parseIsoDate,
  roundCents,
  sumInvestmentsByLevel,
  summariseAssets,
} from '@tideline/analytics';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type {
  AssetsWidget,
  LiquidityLevelsWidget,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { AppError, notFound } from '../../platform/http/app-error';
import { assertVisibleClient } from '../accounts/accounts.service';
import { ACCOUNT_GROUP_MSG } from '@tideline/contracts/accounts/account-groups.schemas';
import { findCurrentLiquidityLevels } from './current-liquidity-levels.service';
import { describeModelError, runDateOf } from './monte-carlo.job';
import * as q from './monte-carlo.queries';
import * as wq from './monte-carlo-widgets.queries';

// The client summary widgets on the Monte Carlo (clients-accounts-investments-reports.md 2, 3, 7;
// docs/models.md "Assets widget" and "Liquidity level of an investment"). Held today: UTC.

export function createMonteCarloWidgetsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * GET /api/clients/assets-widget/{clientId}: summariseAssets over the open accounts, the
     * investments held today and the current levels of the client's 'All Accounts' group.
     */
    async findAssets(user: CurrentUser, clientId: number): Promise<AssetsWidget> {
      await assertVisibleClient(db, user, clientId);
      const today = runDateOf(new Date());
      const allAccountsGroupId = await q.selectAllAccountsGroupId(db, clientId);
      const [accounts, investments, current] = await Promise.all([
        wq.selectAssetAccounts(db, clientId),
        wq.selectHeldInvestments(db, clientId, today),
        allAccountsGroupId === null ? null : findCurrentLiquidityLevels(db, allAccountsGroupId),
      ]);
      const summary = summariseAssets({
        accounts: accounts.map((a) => ({
          accountId: String(a.accountId),
          category: a.category,
          balance: Number(a.balance),
          isClosed: a.isClosed,
        })),
        investments: investments.map((i) => ({
          investmentId: String(i.id),
          investmentType: i.investmentType,
          faceValue: Number(i.faceValue),
        })),
        liquidityLevels: current?.levels ?? null,
      });
      if (!summary.ok) throw new AppError(422, describeModelError(summary.error));
      return {
        ...summary.value,
        liquiditySource: current
          ? {
              monteCarloId: current.monteCarloId,
              monteCarloName: current.monteCarloName,
              endDate: current.endDate,
            }
          : null,
      };
    },

    /**
     * GET /api/investments/liquidity-levels-widget/{clientId}/{groupId}: the face value of the group's
     * investments held today by the liquidity level of their maturity, beside the group's levels.
     */
    async findInvestedByLevel(
      user: CurrentUser,
      clientId: number,
      groupId: number,
    ): Promise<LiquidityLevelsWidget> {
      await assertVisibleClient(db, user, clientId);
      const group = await q.selectGroup(db, groupId);
      if (!group || group.clientId !== clientId) throw notFound(ACCOUNT_GROUP_MSG.notFound);
      const asOfDate = runDateOf(new Date());
      const asOfDay = parseIsoDate(asOfDate) as number;
      const [held, current] = await Promise.all([
        wq.selectGroupHeldInvestments(db, groupId, asOfDate),
        findCurrentLiquidityLevels(db, groupId),
      ]);
      const holdings = held.map((i) => ({ amount: Number(i.faceValue), maturityDate: i.maturityDate }));
      const amounts = sumInvestmentsByLevel(holdings, asOfDay).map(roundCents);
      const counts = [0, 0, 0, 0, 0];
      for (const h of holdings) {
        const level = classifyLiquidityLevel(parseIsoDate(h.maturityDate) ?? asOfDay, asOfDay);
        counts[level - 1] = (counts[level - 1] as number) + 1;
      }
      const shares = allocateBasisPoints(amounts.map((a) => Math.round(a * 100)));
      return {
        clientId,
        groupId,
        groupName: group.groupName,
        asOfDate,
        investmentCount: holdings.length,
        totalInvested: roundCents(amounts.reduce((sum, a) => sum + a, 0)),
        levels: LIQUIDITY_LEVEL_TERMS.map((term, index) => ({
          field: term.field,
          levelNumber: term.levelNumber,
          horizon: term.horizon,
          count: counts[index] as number,
          amount: amounts[index] as number,
          sharePercent: (shares[index] as number) / 100,
          levelAmount: current ? current.levels[term.field] : null,
        })),
      };
    },
  };
}
