import { validateRateCurve } from '../monte-carlo/build-rate-table';
import type { CashVestInput } from './cash-vest-input';
import { addMonths, type IsoDate } from '../core/iso-date';
import type { SubScore } from './map-ratio-to-score';
import { isFiniteAmount, roundCents } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { scoreCashFlow, type CashFlowInputs } from './score-cash-flow';
import { scoreInvestmentPolicy, type InvestmentPolicyInputs } from './score-investment-policy';
import { scoreLiquidityProficiency, type LiquidityProficiencyInputs } from './score-liquidity-proficiency';
import { scoreValue, type ValueScoreInputs } from './score-value';
import { scoreWarnickRate, type WarnickRateInputs } from './score-warnick-rate';
import { sumInterest } from '../rates/sum-interest';
import { parseDateField } from '../core/validate-accounts';

export interface CashVestSuggestion {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** Sum of the five scores, at most 100. */
  readonly totalScore: number;
  /** totalScore / 20 in half-star steps (0 to 5). */
  readonly totalStar: number;
  readonly periodInterest: number;
  readonly yearInterest: number;
  readonly initialInterest: number;
  readonly valueScore: SubScore<ValueScoreInputs>;
  readonly liquidityProficiency: SubScore<LiquidityProficiencyInputs>;
  readonly warnickRate: SubScore<WarnickRateInputs>;
  readonly cashflow: SubScore<CashFlowInputs>;
  readonly investment: SubScore<InvestmentPolicyInputs>;
}

function findNonFinite(input: CashVestInput): string | undefined {
  const checks: [string, number][] = [
    ['initialInterest', input.initialInterest],
    ['totalFees', input.totalFees],
    ['earningsCredit', input.earningsCredit],
    ...Object.entries(input.levels).map(([key, value]): [string, number] => [`levels.${key}`, value]),
    ...Object.entries(input.heldByLevel).map(([key, value]): [string, number] => [
      `heldByLevel.${key}`,
      value,
    ]),
    ...input.accounts.map((account, index): [string, number] => [
      `accounts[${index}].averageBalance`,
      account.averageBalance,
    ]),
    ...input.transactions.map((item, index): [string, number] => [
      `transactions[${index}].amount`,
      item.amount,
    ]),
    ...input.investments.map((item, index): [string, number] => [
      `investments[${index}].amount`,
      item.amount,
    ]),
  ];
  if (input.backTestRelativeError !== null)
    checks.push(['backTestRelativeError', input.backTestRelativeError]);
  return checks.find(([, value]) => !isFiniteAmount(value))?.[0];
}

/**
 * cashVest suggestions (analytics.md, cashVest score): the five sub-scores with their inputs and
 * ratios, the total, stars in half steps, and the period, 12-month and initial interest.
 */
export function scoreCashVest(input: CashVestInput): Result<CashVestSuggestion> {
  const start = parseDateField(input.startDate, 'startDate');
  if (!start.ok) return start;
  const end = parseDateField(input.endDate, 'endDate');
  if (!end.ok) return end;
  if (end.value < start.value)
    return fail('DATES_OUT_OF_ORDER', 'The end date is before the start date', 'endDate');
  if (input.accounts.length === 0)
    return fail('NO_ACCOUNTS', 'cashVest needs the average balances of the accounts', 'accounts');
  const nonFinite = findNonFinite(input);
  if (nonFinite !== undefined)
    return fail('NON_FINITE_AMOUNT', `${nonFinite} must be a finite number`, nonFinite);
  const curve = validateRateCurve(input.rateCurve);
  if (!curve.ok) return curve;
  for (let index = 0; index < input.investments.length; index += 1) {
    const date = parseDateField(
      input.investments[index]?.maturityDate ?? '',
      `investments[${index}].maturityDate`,
    );
    if (!date.ok) return date;
  }
  const periodInterest = sumInterest(input.transactions, start.value, end.value);
  const yearInterest = sumInterest(input.transactions, addMonths(end.value, -12) + 1, end.value);
  let earning = 0;
  let total = 0;
  for (const account of input.accounts) {
    total += account.averageBalance;
    if (account.isEarning) earning += account.averageBalance;
  }
  const valueScore = scoreValue(input.accounts);
  const liquidityProficiency = scoreLiquidityProficiency(input.levels, input.heldByLevel);
  const warnickRate = scoreWarnickRate({
    periodInterest,
    periodDays: end.value - start.value + 1,
    earningAverageBalance: earning,
    totalAverageBalance: total,
    levels: input.levels,
    rateCurve: input.rateCurve,
  });
  const cashflow = scoreCashFlow({
    totalFees: input.totalFees,
    earningsCredit: input.earningsCredit,
    nonEarningAverageBalance: total - earning,
    totalAverageBalance: total,
    levelOne: input.levels.levelOne,
    backTestRelativeError: input.backTestRelativeError,
  });
  const investment = scoreInvestmentPolicy({
    checklist: input.policyChecklist,
    investments: input.investments,
    levels: input.levels,
    asOfDay: end.value,
  });
  const totalScore =
    valueScore.score + liquidityProficiency.score + warnickRate.score + cashflow.score + investment.score;
  return ok({
    startDate: input.startDate,
    endDate: input.endDate,
    totalScore,
    totalStar: Math.round((totalScore / 20) * 2) / 2,
    periodInterest: roundCents(periodInterest),
    yearInterest: roundCents(yearInterest),
    initialInterest: roundCents(input.initialInterest),
    valueScore,
    liquidityProficiency,
    warnickRate,
    cashflow,
    investment,
  });
}
