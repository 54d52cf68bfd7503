import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { RouteLink } from '../../components/route-link';
import { formatCurrency, formatDate, formatDaysUntilMaturity } from '../../lib/format';
import { accountNameOf, formatPercent, formatRate } from './investment-format';

/** Spec 2: the tooltips of the Liquidity Level and ID columns. */
export const LIQUIDITY_LEVEL_TOOLTIP = 'determined by Analytics';
export const INVESTMENT_ID_TOOLTIP = 'market identifier such as CUSIP, SEDOL, ISIN';

function money(id: keyof Investment & string, header: string, hidden = false): DataTableColumn<Investment> {
  return {
    id,
    header,
    align: 'right',
    hiddenByDefault: hidden,
    cell: (row) => formatCurrency(row[id] as number),
    exportValue: (row) => row[id] as number,
  };
}

function day(id: keyof Investment & string, header: string, hidden = false): DataTableColumn<Investment> {
  return { id, header, hiddenByDefault: hidden, cell: (row) => formatDate(row[id] as string | null) };
}

/**
 * The All Investments columns of spec 2, in its order. Fund, Call Date, Settlement Date, Settlement
 * Amount and Premium or Discount wait for 'Show hidden columns'. Scoped to a group, the relationship
 * column reads 'Account Name' and shows only the account's name.
 */
export function investmentColumns({ isGroup = false } = {}): DataTableColumn<Investment>[] {
  return [
    {
      id: 'clientAccountRelationship',
      header: isGroup ? 'Account Name' : 'Client/Account Relationship',
      cell: (row) => (
        <RouteLink to={`/client-management/${row.clientId}/${row.accountId}`}>
          {isGroup ? accountNameOf(row.clientAccountRelationship) : row.clientAccountRelationship}
        </RouteLink>
      ),
    },
    money('faceValue', 'Face Value'),
    day('maturityDate', 'Maturity Date'),
    { id: 'investmentType', header: 'Investment Type' },
    { id: 'fund', header: 'Fund', hiddenByDefault: true, cell: (row) => row.fund ?? '---' },
    {
      id: 'interestRate',
      header: 'Interest Rate',
      align: 'right',
      cell: (row) => formatRate(row.interestRate),
    },
    {
      id: 'liquidityLevel',
      header: 'Liquidity Level',
      headerTooltip: LIQUIDITY_LEVEL_TOOLTIP,
      align: 'right',
      cell: (row) => row.liquidityLevel ?? '---',
    },
    {
      id: 'daysUntilMaturity',
      header: 'Days Until Maturity',
      align: 'right',
      cell: (row) => formatDaysUntilMaturity(row.daysUntilMaturity),
    },
    {
      id: 'investmentId',
      header: 'ID',
      headerTooltip: INVESTMENT_ID_TOOLTIP,
      cell: (row) => row.investmentId ?? '---',
    },
    {
      id: 'couponRate',
      header: 'Coupon Rate',
      align: 'right',
      cell: (row) => formatPercent(row.couponRate),
    },
    day('callDate', 'Call Date', true),
    day('settlementDate', 'Settlement Date', true),
    money('settlementAmount', 'Settlement Amount', true),
    money('interestAtMaturity', 'Interest at Maturity'),
    { id: 'premiumDiscount', header: 'Premium or Discount', hiddenByDefault: true },
    { id: 'bank', header: 'Bank', cell: (row) => row.bank ?? '---' },
  ];
}
