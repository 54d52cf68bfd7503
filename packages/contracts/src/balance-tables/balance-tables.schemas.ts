import { z } from 'zod';

// Issue 18 point 1, 'Calculate Daily and Monthly Tables' (analytics.md "Balance tables"). The spec
// shows no path for it: POST /api/analytics/balance-tables/{clientId} is ours. The job's progress and
// result are read at /api/jobs/{jobId}.

export const BalanceTablesClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });

export const BalanceTablesStartedSchema = z.object({ msg: z.string(), jobId: z.string() });
export type BalanceTablesStarted = z.infer<typeof BalanceTablesStartedSchema>;

/** An account left out of the tables: its history is not valid input for the model. */
export const SkippedAccountSchema = z.object({ accountId: z.number().int(), message: z.string() });

/** What the job leaves in its job_runs result. */
export const BalanceTablesJobResultSchema = z.object({
  /** The last day that has a row (the client's latest transaction or anchor date); null: no data. */
  dataUntil: z.string().nullable(),
  accountCount: z.number().int(),
  groupCount: z.number().int(),
  dailyRowCount: z.number().int(),
  monthlyRowCount: z.number().int(),
  skipped: z.array(SkippedAccountSchema),
});
export type BalanceTablesJobResult = z.infer<typeof BalanceTablesJobResultSchema>;

export const BALANCE_TABLES_MSG = {
  started: 'Calculating the daily and monthly tables.',
  /** Issue 40 point 4: one calculation in flight per client (a promotion's included). */
  alreadyRunning: 'The daily and monthly tables of this client are already being calculated.',
  skipped: (accountId: number, reason: string) =>
    `Account ${accountId} was left out of the tables: ${reason}`,
} as const;
