import { randomUUID } from 'node:crypto';
import {
  runShortTermStep1,
  runShortTermStep2,
  type AccountHistory,
  type ShortTermStep1Model,
} from '@tideline/analytics';
import { shortTermModels } from '../src/db/schema';
import type { StoredStep2 } from '../src/modules/short-term/short-term-results';
import { weekdays } from './account-fixtures';
import type { TestContext } from './test-context';

// Short-term models for the route and security tests, written straight to the database: the results
// are the package's own answers on a synthetic history, so every read works as on a real run.

/** A flow per weekday with a monthly rhythm: receipts early in the month, payroll mid-month. */
export function syntheticFlow(date: string, index: number): number {
  const day = Number(date.slice(8, 10));
  const base = day <= 5 ? 4_000 : day >= 14 && day <= 16 ? -6_500 : -150;
  return base + ((index * 37) % 11) * 10;
}

/** 30 months of weekday transactions up to `endDate` as one account history. */
export function syntheticHistory(endDate: string, months = 30): AccountHistory {
  const start = new Date(`${endDate}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - months);
  const days = weekdays(start.toISOString().slice(0, 10), endDate);
  return {
    accountId: 'synthetic',
    anchorBalance: 250_000,
    anchorDate: endDate,
    transactions: days.map((date, index) => ({ date, amount: syntheticFlow(date, index) })),
  };
}

/** A ready step 1 and its step 2 on the synthetic history (no strategic liquidity). */
export function buildShortTermResults(endDate = '2025-12-31'): {
  step1: ShortTermStep1Model;
  step2: StoredStep2;
} {
  const history = syntheticHistory(endDate);
  const start = new Date(`${endDate}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 25);
  const startDate = start.toISOString().slice(0, 10);
  const step1 = runShortTermStep1({
    accounts: [history],
    startDate,
    endDate,
    minDate: history.transactions[0]!.date,
  });
  if (!step1.ok) throw new Error(step1.error.message);
  const step2 = runShortTermStep2({ model: step1.value, weeks: 24 });
  if (!step2.ok) throw new Error(step2.error.message);
  return {
    step1: step1.value,
    step2: { rows: step2.value.rows, weekly: step2.value.weekly, strategicLiquidity: null, band: [] },
  };
}

/** A finished model (step 1 ready, step 2 done, a PDF key) of the client's group; answers its ids. */
export async function insertShortTermModel(
  ctx: TestContext,
  values: { clientId: number; groupId: number; name: string },
): Promise<{ shortTermModelId: number; fileUrl: string }> {
  const { step1, step2 } = buildShortTermResults();
  const fileUrl = randomUUID();
  const [row] = await ctx.database.db
    .insert(shortTermModels)
    .values({
      clientId: values.clientId,
      accountGroupId: values.groupId,
      shortTermModelName: values.name,
      startDate: step1.startDate,
      endDate: step1.endDate,
      step1State: 'done',
      step1Ready: true,
      step1Result: step1,
      step1CompletedAt: new Date(),
      step2State: 'done',
      step2Result: step2,
      step2CompletedAt: new Date(),
      fileKey: `files/2026/01/${fileUrl}`,
      dataAsOf: new Date(),
    })
    .returning({ shortTermModelId: shortTermModels.shortTermModelId });
  return { shortTermModelId: row!.shortTermModelId, fileUrl };
}
