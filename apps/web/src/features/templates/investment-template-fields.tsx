import Stack from '@mui/material/Stack';
import { DateFormatField, DecimalSeparatorField } from './template-choice';
import { TemplateField } from './template-field';

const COLUMN = 'Column number';
const OPTIONAL = 'Column number (optional)';

/** The fields of each page of 'Manage Investments Import Template' (spec 2: page 1 of 2, page 2 of 2). */
export const INVESTMENT_PAGES: readonly (readonly string[])[] = [
  [
    'cellHeaderData',
    'headerStart',
    'accountNumber',
    'investmentId',
    'settlementDate',
    'maturityDate',
    'dateFormat',
  ],
  [
    'faceValue',
    'settlementAmount',
    'interestRate',
    'couponRate',
    'investmentType',
    'fund',
    'callDate',
    'decimalSeparator',
  ],
];

export function InvestmentTemplateFields({ page }: { page: 0 | 1 }) {
  if (page === 0) {
    return (
      <>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <TemplateField
            name="cellHeaderData"
            label="First Cell Text"
            hint="The file's first non-empty cell (First Cell templates)"
            autoFocus
          />
          <TemplateField name="headerStart" label="Header Start" hint="Row of the headers; -1 when none" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <TemplateField name="accountNumber" label="Account Number" hint={COLUMN} />
          <TemplateField name="investmentId" label="Investment ID" hint={OPTIONAL} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <TemplateField name="settlementDate" label="Settlement Date" hint={COLUMN} />
          <TemplateField name="maturityDate" label="Maturity Date" hint={COLUMN} />
          <DateFormatField />
        </Stack>
      </>
    );
  }
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="faceValue" label="Face Value" hint={COLUMN} autoFocus />
        <TemplateField name="settlementAmount" label="Settlement Amount" hint={COLUMN} />
        <DecimalSeparatorField />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="interestRate" label="Interest Rate" hint={COLUMN} />
        <TemplateField name="couponRate" label="Coupon Rate" hint={OPTIONAL} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="investmentType" label="Investment Type" hint={COLUMN} />
        <TemplateField name="fund" label="Fund" hint={OPTIONAL} />
        <TemplateField name="callDate" label="Call Date" hint={OPTIONAL} />
      </Stack>
    </>
  );
}
