import type { InvestmentTypeOption } from '@tideline/contracts/investments/investments.schemas';
import type { StagingInvestment } from '@tideline/contracts/staging-investments/staging-investments.schemas';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import {
  formatCurrency,
  formatDate,
  formatDaysUntilMaturity,
  formatPercent,
  formatRate,
} from '../../lib/format';

type Row = StagingInvestment;

function money(id: 'faceValue' | 'settlementAmount' | 'interestAtMaturity', header: string, hidden = false) {
  return {
    id,
    header,
    align: 'right',
    hiddenByDefault: hidden,
    cell: (row) => formatCurrency(row[id]),
    exportValue: (row) => row[id],
  } satisfies DataTableColumn<Row>;
}

function day(id: 'maturityDate' | 'callDate' | 'settlementDate', header: string, hidden = false) {
  return {
    id,
    header,
    hiddenByDefault: hidden,
    cell: (row) => formatDate(row[id]),
  } satisfies DataTableColumn<Row>;
}

/**
 * Spec 2 "Staging investments dialog", with the investments table's fields (spec 3): Fund, Call Date,
 * Settlement Date, Settlement Amount and Premium or Discount wait behind the column toggle. Rates show 4
 * decimals, money USD with 2 (spec 9). Column ids are the server's sort ids.
 */
export const STAGING_INVESTMENT_TABLE_COLUMNS: readonly DataTableColumn<Row>[] = [
  { id: 'investmentId', header: 'ID', cell: (row) => row.investmentId ?? '---' },
  { id: 'investmentTypeName', header: 'Investment Type' },
  money('faceValue', 'Face Value'),
  day('maturityDate', 'Maturity Date'),
  {
    id: 'interestRate',
    header: 'Interest Rate',
    align: 'right',
    cell: (row) => formatRate(row.interestRate),
  },
  { id: 'couponRate', header: 'Coupon Rate', align: 'right', cell: (row) => formatPercent(row.couponRate) },
  {
    id: 'daysUntilMaturity',
    header: 'Days Until Maturity',
    align: 'right',
    cell: (row) => formatDaysUntilMaturity(row.daysUntilMaturity),
  },
  money('interestAtMaturity', 'Interest at Maturity'),
  { id: 'fund', header: 'Fund', hiddenByDefault: true, cell: (row) => row.fund ?? '---' },
  day('callDate', 'Call Date', true),
  day('settlementDate', 'Settlement Date', true),
  money('settlementAmount', 'Settlement Amount', true),
  { id: 'premiumDiscount', header: 'Premium or Discount', hiddenByDefault: true },
  { id: 'validationStatus', header: 'Validated?' },
];

/** The Set Filters dialog; the ids are the server's filter columns. */
export function stagingInvestmentFilters(types: readonly InvestmentTypeOption[]): FilterDefinition<Row>[] {
  return [
    { id: 'investmentId', label: 'ID', kind: 'text' },
    { id: 'investmentTypeId', label: 'Investment Type', kind: 'multiSelect', options: types },
    { id: 'faceValue', label: 'Face Value', kind: 'money' },
    { id: 'maturityDate', label: 'Maturity Date', kind: 'dateRange' },
    { id: 'interestRate', label: 'Interest Rate', kind: 'number' },
    {
      id: 'validationStatus',
      label: 'Validated?',
      kind: 'select',
      options: [
        { value: 'Yes', label: 'Yes' },
        { value: 'No', label: 'No' },
      ],
    },
  ];
}
