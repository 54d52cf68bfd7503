import { formatIsoDate, parseIsoDate } from '@tideline/analytics/core/iso-date';
import { listBusinessDays } from '@tideline/analytics/calendar/business-calendar';
import { createBai2Writer } from './bai2-writer';
import { classifyEntry, routingNumberOf, type DemoStatement, type StatementEntry } from './demo-statement';

/**
 * A month of the bank's previous-day reports in one BAI2 file: a group per business day (the as-of
 * date is the only date BAI2 gives a transaction), the account's opening and closing ledger balances
 * (010, 015) and its total credits and debits with their item counts (100, 400), so the engine
 * checks opening + details = closing for every day.
 */
export function writeBai2Statement(statement: DemoStatement): string {
  const from = parseIsoDate(statement.from)!;
  const to = parseIsoDate(statement.to)!;
  const byDay = new Map<string, StatementEntry[]>();
  for (const day of listBusinessDays(from, to)) byDay.set(formatIsoDate(day), []);
  for (const entry of statement.entries) {
    const list = byDay.get(entry.date);
    if (list) list.push(entry);
    else byDay.set(entry.date, [entry]);
  }
  const writer = createBai2Writer({
    sender: routingNumberOf(statement.bankName),
    receiver: 'TIDELINE',
    createdDate: formatIsoDate(to + 1),
    createdTime: '0600',
    fileId: statement.month.replace('-', ''),
  });
  const lines = [writer.fileHeader()];
  let balance = statement.openingCents;
  for (const [day, entries] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const credits = entries.filter((e) => e.cents >= 0);
    const debits = entries.filter((e) => e.cents < 0);
    const opening = balance;
    balance += entries.reduce((sum, e) => sum + e.cents, 0);
    lines.push(
      writer.groupHeader(day, 'USD'),
      writer.account(statement.account.accountNumber, 'USD', [
        { code: '010', amount: opening },
        { code: '015', amount: balance },
        { code: '100', amount: credits.reduce((s, e) => s + e.cents, 0), itemCount: credits.length },
        { code: '400', amount: -debits.reduce((s, e) => s + e.cents, 0), itemCount: debits.length },
      ]),
    );
    entries.forEach((entry, i) => {
      lines.push(
        writer.detail({
          typeCode: classifyEntry(entry).bai2,
          amount: Math.abs(entry.cents),
          bankReference: `${day.replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`,
          customerReference: '',
          text: entry.description,
        }),
      );
    });
    lines.push(writer.accountTrailer(), writer.groupTrailer());
  }
  lines.push(writer.fileTrailer());
  return lines.join('');
}
