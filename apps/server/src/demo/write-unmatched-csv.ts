import { formatSignedCents, type DemoStatement } from './demo-statement';

/** A header no demo template has (bank-layouts.ts), so the file fails with 'no-template-matched'. */
export const UNMATCHED_HEADER = 'Booking Date,Account,Details,Amount,Currency,Balance';

/**
 * One account's month as a new online-banking export whose layout no template knows: ISO dates,
 * a signed amount and a running balance. Uploading it shows a failed file and its detected header
 * row, from which Create Header Row Template starts.
 */
export function writeUnmatchedCsv(statement: DemoStatement): string {
  const lines = [UNMATCHED_HEADER];
  let running = statement.openingCents;
  for (const entry of statement.entries) {
    running += entry.cents;
    const details = /[",]/.test(entry.description)
      ? `"${entry.description.replaceAll('"', '""')}"`
      : entry.description;
    lines.push(
      [
        entry.date,
        statement.account.accountNumber,
        details,
        formatSignedCents(entry.cents),
        'USD',
        formatSignedCents(running),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
