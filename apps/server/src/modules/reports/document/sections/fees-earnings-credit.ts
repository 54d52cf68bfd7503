import { bookmarkedHeading, facts } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import { selectTreasuryTotals } from '../../../cash-vest/cash-vest-inputs.queries';
import type { Opportunity, ReportContext, ReportSection } from '../report-context';
import { selectClientAccounts, selectFeesByCategory, selectTreasuryByBank } from '../report-books.queries';
import { formatCount, formatMoney } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Fees and earnings credit" (shown when treasury data is present): fees by category
// and by bank, earnings credit and net cost, from the validated analysis statements whose period ends
// in the report's period. The totals are cashVest's (selectTreasuryTotals), so both say the same.

const SECTION = 'section-fees';

/** The section, or null when the period has no validated treasury records (it is then left out). */
export async function buildFeesAndEarningsCredit(ctx: ReportContext): Promise<ReportSection | null> {
  const { db, clientId, startDate, endDate } = ctx;
  const accountIds = (await selectClientAccounts(db, clientId)).map((a) => a.accountId);
  const totals = await selectTreasuryTotals(
    db,
    { clientId, accountIds, isAllAccounts: true },
    startDate,
    endDate,
  );
  if (totals.statements === 0) return null;
  const [categories, banks] = await Promise.all([
    selectFeesByCategory(db, clientId, startDate, endDate),
    selectTreasuryByBank(db, clientId, startDate, endDate),
  ]);
  const netCost = totals.totalFees - totals.earningsCredit;
  const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1;
  const opportunities: Opportunity[] =
    netCost > 0
      ? [{ label: 'Bank fees not offset by earnings credit', dollarsPerYear: (netCost * 365) / days }]
      : [];
  return {
    content: [
      sectionHeading('fees'),
      facts([
        ['Fees', formatMoney(totals.totalFees)],
        ['Earnings credit', formatMoney(totals.earningsCredit)],
        ['Net cost', formatMoney(netCost)],
      ]),
      bookmarkedHeading('Fees by Category', SECTION),
      reportTable(
        [{ title: 'Category' }, { title: 'Lines', isNumeric: true }, { title: 'Fees', isNumeric: true }],
        categories.map((c) => [c.category, formatCount(c.lines), formatMoney(c.amount)]),
      ),
      bookmarkedHeading('Fees and Earnings Credit by Bank', SECTION),
      reportTable(
        [
          { title: 'Bank' },
          { title: 'Fees', isNumeric: true },
          { title: 'Earnings Credit', isNumeric: true },
          { title: 'Net Cost', isNumeric: true },
        ],
        banks.map((b) => [
          b.bankName,
          formatMoney(b.fees),
          formatMoney(b.earningsCredit),
          formatMoney(b.fees - b.earningsCredit),
        ]),
      ),
    ],
    opportunities,
  };
}
