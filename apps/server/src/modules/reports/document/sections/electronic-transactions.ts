import { facts, note } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { ReportContext, ReportSection } from '../report-context';
import { PAYMENT_CHANNELS, selectChannelTotals, type PaymentChannel } from '../report-books.queries';
import { formatCount, formatMoney, formatShare, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Electronic transactions" (electronicTransacTemplate): the period's transactions by
// channel (from keywords and descriptions), counts and amounts, and the share of payments that could
// move to electronic payment: those still made by check.

export const NO_TRANSACTIONS = 'This client has no transactions in the period.';

const ORDER: PaymentChannel[] = [...PAYMENT_CHANNELS.map((c) => c.channel), 'Other'];

export async function buildElectronicTransactions(ctx: ReportContext): Promise<ReportSection> {
  const heading = sectionHeading('electronic');
  const rows = await selectChannelTotals(ctx.db, ctx.clientId, ctx.startDate, ctx.endDate);
  if (rows.length === 0) return { content: [heading, missingLine(NO_TRANSACTIONS)] };
  const byChannel = new Map(rows.map((r) => [r.channel, r]));
  const ordered = ORDER.flatMap((channel) => (byChannel.has(channel) ? [byChannel.get(channel)!] : []));
  const payments = ordered.reduce((sum, r) => sum + r.debitCount, 0);
  const paid = ordered.reduce((sum, r) => sum + r.debitAmount, 0);
  const checks = byChannel.get('Check');
  return {
    content: [
      heading,
      reportTable(
        [
          { title: 'Channel' },
          { title: 'Payments', isNumeric: true },
          { title: 'Paid Out', isNumeric: true },
          { title: 'Receipts', isNumeric: true },
          { title: 'Received', isNumeric: true },
          { title: 'Share of Payments', isNumeric: true },
        ],
        ordered.map((r) => [
          r.channel,
          formatCount(r.debitCount),
          formatMoney(r.debitAmount),
          formatCount(r.creditCount),
          formatMoney(r.creditAmount),
          formatShare(payments > 0 ? r.debitCount / payments : null),
        ]),
      ),
      facts([
        ['Payments by check that could move to electronic payment', formatCount(checks?.debitCount ?? 0)],
        [
          'Their share of all payments',
          formatShare(payments > 0 ? (checks?.debitCount ?? 0) / payments : null),
        ],
        ['Their share of the dollars paid', formatShare(paid > 0 ? (checks?.debitAmount ?? 0) / paid : null)],
      ]),
      note(
        "A transaction's channel is read from its keyword and description: wire, ACH, card and check words, in that order; the rest is Other.",
      ),
    ],
  };
}
