import {
  createSeededRandom,
  formatIsoDate,
  parseIsoDate,
  type AccountHistory,
  type Transaction,
} from '@tideline/analytics';

/**
 * Synthetic account histories for the analytics benchmarks: `perDay` transactions on every calendar
 * day (weekends included, so folding is exercised), amounts from a seeded generator.
 */
export function makeAccounts(options: {
  accounts: number;
  from: string;
  to: string;
  perDay: number;
  seed: number;
}): AccountHistory[] {
  const from = parseIsoDate(options.from);
  const to = parseIsoDate(options.to);
  if (from === undefined || to === undefined) throw new Error('bad dates');
  const random = createSeededRandom(options.seed);
  const accounts: AccountHistory[] = [];
  for (let account = 0; account < options.accounts; account += 1) {
    const transactions: Transaction[] = [];
    for (let day = from; day <= to; day += 1) {
      for (let item = 0; item < options.perDay; item += 1) {
        // Mostly small payments and receipts with an occasional large payroll-like outflow.
        const base = (random.nextUnit() - 0.48) * 20_000;
        const amount = random.nextUnit() < 0.02 ? -150_000 * random.nextUnit() : base;
        transactions.push({ date: formatIsoDate(day), amount: Math.round(amount * 100) / 100 });
      }
    }
    accounts.push({
      accountId: `acct-${account}`,
      anchorBalance: 5_000_000,
      anchorDate: options.to,
      transactions,
    });
  }
  return accounts;
}
