import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DateFormatField, DecimalSeparatorField } from './template-choice';
import { TemplateField, TemplateFlag } from './template-field';

const COLUMN = 'Column number';

/** The jsonTransform fields of 'Manage Transactions Import Template' (spec 3, 5; ingestion.md step 4). */
export function TransactionTemplateFields() {
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField
          name="cellHeaderData"
          label="First Cell Text"
          hint="The text of the file's first non-empty cell"
          autoFocus
        />
        <TemplateField name="headerStart" label="Header Start" hint="Row of the headers; -1 when none" />
        <TemplateField name="footerRows" label="Footer Rows" hint="Rows to remove at the end" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="accountNumber" label="Account Number" hint={COLUMN} />
        <TemplateField
          name="accountNumberHeader"
          label="Account Number Cell"
          hint="row,column of a cell holding it"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateFlag name="fileNameIncluded" label="Account number is in the file name" />
        <TemplateFlag name="specialCase" label="Special case" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="date" label="Date" hint={COLUMN} />
        <DateFormatField />
        <TemplateField name="description" label="Description" hint="Column numbers, comma-separated" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TemplateField name="amount" label="Amount" hint="Signed amount column" />
        <TemplateField name="amountCredit" label="Credit Amount" hint={COLUMN} />
        <TemplateField name="amountDebit" label="Debit Amount" hint={COLUMN} />
        <TemplateField name="creditDebit" label="Credit/Debit" hint="Column of C/D, CR/DR" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <DecimalSeparatorField />
        <TemplateField
          name="balance"
          label="Balance"
          hint="Running balance column (optional): every row is checked against it"
        />
      </Stack>
    </Box>
  );
}
