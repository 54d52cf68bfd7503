import {
  addMonths,
  formatIsoDate,
  parseIsoDate,
  scoreCashVest,
  sumInterest,
  sumInvestmentsByLevel,
  type CashVestInput,
  type CashVestSuggestion as ModelSuggestion,
  type Transaction,
} from '@tideline/analytics';
import {
  CASH_VEST_SUB_SCORES,
  starsOfTotal,
  type PolicyChecklist,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type {
  CashVestSuggestion,
  SuggestionAccount,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { AppError } from '../../platform/http/app-error';
import { refreshGroupTables } from '../balance-tables/group-history';
import {
  frozenMonteCarloOf,
  frozenShortTermOf,
  type FrozenRuns,
  type FrozenShortTerm,
} from '../analysis/frozen-runs';
import { selectBalanceTablesAsOf, selectPeriodShortTermModel } from '../analysis/frozen-runs.service';
import {
  choosePeriodRun,
  levelsOfRun,
  resolveCycle,
  type ChosenRun,
  type CurrentLiquidityLevels,
} from '../monte-carlo/current-liquidity-levels.service';
import { judgeEarningAccounts } from './account-earning';
import * as iq from './cash-vest-inputs.queries';
import type { GroupRef } from './cash-vest.queries';
import { formatSubScore, type InputSource, type SuggestionExtras } from './cash-vest-suggestion.format';
import { loadRateCurve } from './rate-curve';

// analytics.md "cashVest score": the model's suggestions for a period and an account group, with the
// inputs and ratios behind each. The inputs come from the group's daily balance tables (rebuilt first
// where stale, issue 18 point 1), its current liquidity levels, investments, the validated treasury
// records, the latest short-term back-test, interest transactions and the client's initialInterest.

export interface SuggestionRequest {
  cashVestId: number;
  clientId: number;
  userId: number;
  startDate: string | null;
  endDate: string | null;
  /** The group read; null: the client has no such group (nothing can be suggested). */
  group: GroupRef | null;
  isAllAccounts: boolean;
  checklist: PolicyChecklist;
  /** The score's cycle: its period's runs are read (issue 41 point 4); null: the client's current one. */
  openReportId: number | null;
  /** The runs a closed score keeps (its cycle's analysis completed): read instead of any other. */
  frozen: FrozenRuns | null;
}

/** The runs a suggestion reads, and the same as FrozenRuns for the row. */
interface SuggestionRuns {
  current: CurrentLiquidityLevels | null;
  backTest: { shortTermModelName: string; relativeError: number } | null;
  frozenRuns: FrozenRuns;
}

function backTestOf(model: FrozenShortTerm | null) {
  const result = model?.model.step1Result as { backTest?: { relativeError?: unknown } } | null | undefined;
  const error = Number(result?.backTest?.relativeError ?? NaN);
  return model && result?.backTest?.relativeError != null && Number.isFinite(error)
    ? { shortTermModelName: model.model.shortTermModelName, relativeError: error }
    : null;
}

/**
 * Issue 41 point 4: the Monte Carlo run and the short-term model a score reads: those it keeps once
 * closed; else the run chosen for its cycle's period (not simply the newest) and the cycle's latest
 * back-test, else the group's latest.
 */
async function resolveRuns(db: Db, request: SuggestionRequest, groupId: number): Promise<SuggestionRuns> {
  const kept = frozenMonteCarloOf(request.frozen, groupId);
  let chosen: ChosenRun | null;
  if (kept) chosen = { run: kept.run, override: kept.override, source: 'record' };
  else {
    const cycle = await resolveCycle(db, request.clientId, request.openReportId ?? undefined);
    chosen = await choosePeriodRun(db, request.clientId, groupId, cycle);
  }
  const model =
    frozenShortTermOf(request.frozen, groupId) ??
    (await selectPeriodShortTermModel(db, groupId, request.openReportId, 'step1'));
  return {
    current: levelsOfRun(chosen),
    backTest: backTestOf(model),
    frozenRuns: {
      frozenAt: new Date().toISOString(),
      openReportId: request.openReportId,
      monteCarlo: chosen
        ? [{ groupId, monteCarloId: chosen.run.monteCarloId, run: chosen.run, override: chosen.override }]
        : [],
      shortTerm: model ? [model] : [],
      balanceTablesAsOf:
        request.frozen?.balanceTablesAsOf ?? (await selectBalanceTablesAsOf(db, request.clientId)),
    },
  };
}

/** The first day of the 12 months up to `endDate` (the 12-Month Interest window). */
export function yearWindowStart(endDate: string): string {
  return formatIsoDate(addMonths(parseIsoDate(endDate)!, -12) + 1);
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const roundMoney = (value: number) => Math.round(value * 100) / 100;

interface PeriodData {
  accounts: SuggestionAccount[];
  transactions: Transaction[];
}

async function readPeriod(db: Db, groupId: number, start: string, end: string): Promise<PeriodData> {
  const members = await iq.selectGroupAccounts(db, groupId);
  const ids = members.map((m) => m.accountId);
  const [averages, interest] = await Promise.all([
    iq.selectAverageBalances(db, ids, start, end),
    iq.selectInterestByDay(db, ids, earlier(start, yearWindowStart(end)), end),
  ]);
  const received = new Map<number, number>();
  for (const row of interest) {
    if (row.date >= start)
      received.set(row.accountId, (received.get(row.accountId) ?? 0) + Number(row.amount));
  }
  // Issue 41 point 5: earning means a rate of at least a share of the level's benchmark (account-earning.ts).
  const verdicts = await judgeEarningAccounts(
    db,
    members,
    { start, end },
    {
      averages: new Map([...averages].map(([id, a]) => [id, a.average])),
      interestReceived: received,
    },
  );
  const accounts = members.map((m): SuggestionAccount => {
    const verdict = verdicts.get(m.accountId)!;
    const average = averages.get(m.accountId);
    return {
      accountId: m.accountId,
      accountName: m.accountName,
      accountCategory: m.accountCategory,
      averageBalance: average ? roundMoney(average.average) : null,
      isEarning: verdict.isEarning,
      earningReason: verdict.reason,
    };
  });
  const transactions = interest.map((r) => ({ date: r.date, amount: Number(r.amount), keyword: 'Interest' }));
  return { accounts, transactions };
}

/** Period Interest Earnings and 12-Month Interest (analytics.md: the model's own rule, sumInterest). */
function sumInterestFigures(transactions: readonly Transaction[], start: string, end: string) {
  const endDay = parseIsoDate(end)!;
  return {
    periodInterest: roundMoney(sumInterest(transactions, parseIsoDate(start)!, endDay)),
    yearInterest: roundMoney(sumInterest(transactions, parseIsoDate(yearWindowStart(end))!, endDay)),
  };
}

/** The period's interest figures alone (stored on the row at creation and at each edit). */
export async function readInterestFigures(
  db: DbOrTx,
  groupId: number | null,
  start: string,
  end: string,
): Promise<{ periodInterest: number; yearInterest: number }> {
  if (groupId === null) return { periodInterest: 0, yearInterest: 0 };
  const ids = (await iq.selectGroupAccounts(db, groupId)).map((m) => m.accountId);
  const yearStart = yearWindowStart(end);
  const rows = await iq.selectInterestByDay(db, ids, earlier(start, yearStart), end);
  return sumInterestFigures(
    rows.map((r) => ({ date: r.date, amount: Number(r.amount), keyword: 'Interest' })),
    start,
    end,
  );
}

function emptySuggestion(request: SuggestionRequest, initialInterest: number | null, missing: string[]) {
  const absent = new Map<InputSource, string>();
  const extras: SuggestionExtras = { heldByLevel: null, ratesUsed: [], backTestModelName: null };
  return {
    cashVestId: request.cashVestId,
    startDate: request.startDate,
    endDate: request.endDate,
    accountGroup: request.group,
    liquidityLevels: null,
    accounts: [],
    policyChecklist: request.checklist,
    totalScore: null,
    totalStar: null,
    periodInterest: null,
    yearInterest: null,
    initialInterest,
    subScores: CASH_VEST_SUB_SCORES.map((def) => formatSubScore(def.key, null, extras, absent, [])),
    missing,
  } satisfies CashVestSuggestion;
}

/** The suggestion for the request; missing inputs are said, never filled in. */
export async function buildCashVestSuggestion(
  db: Db,
  request: SuggestionRequest,
): Promise<CashVestSuggestion> {
  return (await buildCashVestSuggestionWithRuns(db, request)).suggestion;
}

/** The suggestion, and the runs it read (null when it read none: no dates or no group). */
export async function buildCashVestSuggestionWithRuns(
  db: Db,
  request: SuggestionRequest,
): Promise<{ suggestion: CashVestSuggestion; frozenRuns: FrozenRuns | null }> {
  const { initialInterest } = await iq.selectClientFacts(db, request.clientId);
  const { startDate: start, endDate: end, group } = request;
  if (!start || !end)
    return {
      suggestion: emptySuggestion(request, initialInterest, [
        'The score has no date range: enter the start and end dates.',
      ]),
      frozenRuns: null,
    };
  if (!group)
    return {
      suggestion: emptySuggestion(request, initialInterest, ["The client has no 'All Accounts' group."]),
      frozenRuns: null,
    };
  await refreshGroupTables(db, { clientId: request.clientId, userId: request.userId }, group.groupId);
  const [period, runs, curve] = await Promise.all([
    readPeriod(db, group.groupId, start, end),
    resolveRuns(db, request, group.groupId),
    loadRateCurve(db, end),
  ]);
  const { current, backTest } = runs;
  const ids = period.accounts.map((a) => a.accountId);
  const [treasury, held] = await Promise.all([
    iq.selectTreasuryTotals(
      db,
      { clientId: request.clientId, accountIds: ids, isAllAccounts: request.isAllAccounts },
      start,
      end,
    ),
    iq.selectHeldInvestments(db, ids, end),
  ]);
  const measured = period.accounts.filter((a) => a.averageBalance !== null);
  const absent = new Map<InputSource, string>();
  if (measured.length === 0)
    absent.set(
      'balances',
      `No daily balances of the group's accounts from ${start} to ${end}: run Calculate Daily and Monthly Tables, or check the period.`,
    );
  if (!current)
    absent.set(
      'levels',
      `No liquidity levels for ${group.groupName}: run a Monte Carlo analysis of the group.`,
    );
  if (!curve.curve) absent.set('rates', curve.missing.join('; '));
  if (treasury.statements === 0)
    absent.set(
      'treasury',
      `No validated treasury (account analysis) records with a period ending from ${start} to ${end}: fees and earnings credit are unknown.`,
    );
  const investments = held.map((h) => ({ amount: Number(h.faceValue), maturityDate: h.maturityDate }));
  const buckets = sumInvestmentsByLevel(investments, parseIsoDate(end)!);
  const heldByLevel = {
    levelTwo: buckets[1]!,
    levelThree: buckets[2]!,
    levelFour: buckets[3]!,
    levelFive: buckets[4]!,
  };
  const levels = current?.levels;
  const input: CashVestInput = {
    startDate: start,
    endDate: end,
    initialInterest: initialInterest ?? 0,
    transactions: period.transactions,
    accounts: measured.map((a) => ({
      accountId: String(a.accountId),
      averageBalance: a.averageBalance!,
      isEarning: a.isEarning,
    })),
    levels: {
      levelOne: levels?.levelOne ?? 0,
      levelTwo: levels?.levelTwo ?? 0,
      levelThree: levels?.levelThree ?? 0,
      levelFour: levels?.levelFour ?? 0,
      levelFive: levels?.levelFive ?? 0,
    },
    heldByLevel,
    rateCurve: curve.curve ?? {
      effectiveFedFunds: 0,
      treasuryBill90Day: 0,
      treasury1Year: 0,
      treasury2Year: 0,
      corporate2Year: 0,
    },
    totalFees: treasury.totalFees,
    earningsCredit: treasury.earningsCredit,
    backTestRelativeError: backTest?.relativeError ?? null,
    policyChecklist: request.checklist,
    investments,
  };
  let model: ModelSuggestion | null = null;
  if (measured.length > 0) {
    const result = scoreCashVest(input);
    if (!result.ok)
      throw new AppError(422, `The cashVest suggestion could not be computed: ${result.error.message}`);
    model = result.value;
  }
  const extras: SuggestionExtras = {
    heldByLevel,
    ratesUsed: curve.used,
    backTestModelName: backTest?.shortTermModelName ?? null,
  };
  const unmeasured = period.accounts.length - measured.length;
  const notesOf = {
    valueScore:
      unmeasured > 0 && measured.length > 0
        ? [
            `${unmeasured} of the group's ${period.accounts.length} accounts have no daily balance in the period and are left out.`,
          ]
        : [],
    cashflow: backTest ? [] : ['The group has no finished short-term model: the back-test part is left out.'],
    investment: Object.values(request.checklist).some(Boolean)
      ? []
      : [
          'No element of the policy checklist is ticked yet: tick what the client\u2019s investment policy has.',
        ],
  } as Record<string, string[]>;
  const subScores = CASH_VEST_SUB_SCORES.map((def) =>
    formatSubScore(def.key, model, extras, absent, notesOf[def.key] ?? []),
  );
  const complete = subScores.every((s) => s.score !== null);
  const totalScore = complete ? subScores.reduce((sum, s) => sum + s.score!, 0) : null;
  const suggestion: CashVestSuggestion = {
    cashVestId: request.cashVestId,
    startDate: start,
    endDate: end,
    accountGroup: group,
    liquidityLevels: current
      ? {
          monteCarloId: current.monteCarloId,
          monteCarloName: current.monteCarloName,
          levelOne: current.levels.levelOne,
          levelTwo: current.levels.levelTwo,
          levelThree: current.levels.levelThree,
          levelFour: current.levels.levelFour,
          levelFive: current.levels.levelFive,
        }
      : null,
    accounts: period.accounts,
    policyChecklist: request.checklist,
    totalScore,
    totalStar: totalScore === null ? null : starsOfTotal(totalScore),
    ...sumInterestFigures(period.transactions, start, end),
    initialInterest,
    subScores,
    missing: absent.has('balances') ? [absent.get('balances')!] : [],
  };
  return { suggestion, frozenRuns: runs.frozenRuns };
}
