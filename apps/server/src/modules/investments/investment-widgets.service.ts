import type { SQL } from 'drizzle-orm';
import type {
  InvestmentBalanceWidget,
  InvestmentInterestRate,
  MaturingInvestments,
  UserMaturingInvestments,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { whereMyClients } from '../dashboard/my-clients.service';
import { assertVisibleClient, findVisibleAccount } from '../accounts/accounts.service';
import { readMaturityLimitDays } from '../settings/global-settings.service';
import * as wq from './investment-widgets.queries';
import * as q from './investments.queries';

const toCents = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;
/** Rates keep the 4 decimals the tables show (spec 9). */
const toRate = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10000) / 10000);

export function createInvestmentWidgetsService(deps: { db: Db }) {
  const { db } = deps;

  async function balanceWidget(where: SQL): Promise<InvestmentBalanceWidget> {
    const [points, byType] = await Promise.all([
      wq.selectBalancePoints(db, where),
      wq.selectHoldingsByType(db, where),
    ]);
    return {
      balances: points.map((p) => ({
        date: p.date,
        total: toCents(p.total),
        max: toCents(p.max),
        min: toCents(p.min),
        series: p.is_past ? 'Actual' : 'Scheduled',
      })),
      amountsInvested: {
        investmentCount: byType.reduce((n, t) => n + Number(t.count), 0),
        totalSettlementAmount: toCents(byType.reduce((n, t) => n + Number(t.settlementAmount), 0)),
        totalFaceValue: toCents(byType.reduce((n, t) => n + Number(t.faceValue), 0)),
        byType: byType.map((t) => ({
          investmentType: t.investmentType,
          count: Number(t.count),
          settlementAmount: toCents(t.settlementAmount),
        })),
      },
    };
  }

  async function maturityWindow() {
    const maturityLimitDays = await readMaturityLimitDays(db);
    return { ...(await wq.selectWindow(db, maturityLimitDays)), maturityLimitDays };
  }

  return {
    async accountBalanceWidget(user: CurrentUser, accountId: number) {
      await findVisibleAccount(db, user, accountId);
      return balanceWidget(q.whereAccount(accountId));
    },

    async clientBalanceWidget(user: CurrentUser, clientId: number) {
      await assertVisibleClient(db, user, clientId);
      return balanceWidget(q.whereClient(clientId));
    },

    /** The account's current holdings: coupon and yield averaged with settlement amounts as weights. */
    async accountInterestRate(user: CurrentUser, accountId: number): Promise<InvestmentInterestRate> {
      await findVisibleAccount(db, user, accountId);
      const row = await wq.selectWeightedRates(db, q.whereAccount(accountId));
      return {
        weightedCouponRate: toRate(row.weightedCouponRate),
        weightedInterestRate: toRate(row.weightedInterestRate),
        holdingsCount: Number(row.holdingsCount),
        totalSettlementAmount: toCents(row.totalSettlementAmount),
      };
    },

    /** The client summary widget: today..today + maturity limit, inclusive. */
    async clientMaturingInvestments(user: CurrentUser, clientId: number): Promise<MaturingInvestments> {
      await assertVisibleClient(db, user, clientId);
      const window = await maturityWindow();
      const rows = await wq.selectMaturingInvestments(db, clientId, window);
      const maturingInvestments = rows.map((r) => ({ ...r, amount: toCents(r.amount) }));
      return {
        ...window,
        maturingInvestments,
        totalMaturingInvestments: rows.length,
        totalAmountMaturingInvestments: toCents(rows.reduce((n, r) => n + Number(r.amount), 0)),
      };
    },

    /** The dashboard's per-client summary of `userId`'s own clients (whereMyClients says which). */
    async userMaturingInvestments(user: CurrentUser, userId: number): Promise<UserMaturingInvestments> {
      const clientWhere = whereMyClients(user, userId);
      const window = await maturityWindow();
      const rows = await wq.selectMaturingByClient(db, clientWhere, window);
      return {
        ...window,
        clients: rows.map((r) => ({
          ...r,
          investmentCount: Number(r.investmentCount),
          totalAmount: toCents(r.totalAmount),
        })),
      };
    },
  };
}
