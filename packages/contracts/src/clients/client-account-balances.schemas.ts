import { z } from 'zod';

// clients-accounts-investments-reports.md 7 "Clients": GET /api/clients/account-balance/{id}. The spec
// names the call and not its answer; ours is each open account's balance on the last day of its
// daily balance table (architecture.md "Balance tables") and their sum.

/** One open account of the client; balance and balanceDate are null until its tables are calculated. */
export const ClientAccountBalanceSchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  balance: z.number().nullable(),
  balanceDate: z.string().nullable(),
});
export type ClientAccountBalance = z.infer<typeof ClientAccountBalanceSchema>;

/** total sums the known balances; asOf is the latest balanceDate (null when none is known). */
export const ClientAccountBalancesSchema = z.object({
  asOf: z.string().nullable(),
  total: z.number(),
  accounts: z.array(ClientAccountBalanceSchema),
});
export type ClientAccountBalances = z.infer<typeof ClientAccountBalancesSchema>;
