import Box from '@mui/material/Box';
import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { RouteLink } from '../../components/route-link';
import { formatCurrency, formatDate, formatDaysUntilMaturity } from '../../lib/format';
import { accountNameOf, clientNameOf, formatPercent, formatRate } from './investment-format';

/** Spec 2: the tooltips of the Liquidity Level and ID columns. */
export const LIQUIDITY_LEVEL_TOOLTIP = 'determined by Analytics';
export const INVESTMENT_ID_TOOLTIP = 'market identifier such as CUSIP, SEDOL, ISIN';

// Issue 42 point 7: the long texts are cut (or, for the link, wrapped) at these widths, so the 12 columns
// of spec 2 fit a laptop's width; the whole text shows in the cell's tooltip.
const RELATIONSHIP_WIDTH = 112;
const TEXT_WIDTH = 96;
const ONE_LINE_SX = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

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
      maxWidth: RELATIONSHIP_WIDTH,
      // 'Client, Account' as the client above the account, each on one line cut at the column's width;
      // the link's tooltip holds the whole relationship.
      cell: (row) => (
        <RouteLink
          to={`/client-management/${row.clientId}/${row.accountId}`}
          title={row.clientAccountRelationship}
        >
          {!isGroup && (
            <>
              <Box component="span" sx={ONE_LINE_SX}>
                {clientNameOf(row.clientAccountRelationship)},
              </Box>{' '}
            </>
          )}
          <Box component="span" sx={ONE_LINE_SX}>
            {accountNameOf(row.clientAccountRelationship)}
          </Box>
        </RouteLink>
      ),
    },
    money('faceValue', 'Face Value'),
    day('maturityDate', 'Maturity Date'),
    { id: 'investmentType', header: 'Investment Type', maxWidth: TEXT_WIDTH },
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
    {
      id: 'premiumDiscount',
      header: 'Premium or Discount',
      hiddenByDefault: true,
      // Bought at par: neither.
      cell: (row) => row.premiumDiscount ?? '---',
    },
    { id: 'bank', header: 'Bank', maxWidth: TEXT_WIDTH, cell: (row) => row.bank ?? '---' },
  ];
}
