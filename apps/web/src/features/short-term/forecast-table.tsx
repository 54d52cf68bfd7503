import Box from '@mui/material/Box';
import type { ForecastRow } from '@tideline/contracts/short-term/short-term-results.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';

/** Spec 2: a variance is green if above 0, else red (the sign is in the text as well). */
export function VarianceCell({ value }: { value: number }) {
  return (
    <Box component="span" sx={{ color: value > 0 ? 'success.main' : 'error.main', fontWeight: 500 }}>
      {formatCurrency(value)}
    </Box>
  );
}

const variance = (
  id: keyof ForecastRow & `${string}Variance`,
  header: string,
): DataTableColumn<ForecastRow> => ({
  id,
  header,
  align: 'right',
  searchable: false,
  cell: (r) => <VarianceCell value={r[id]} />,
});

/** The forecast table of a viewed step 2 row (spec 2): Date, Single Day, 7 Day, 14 Day and 30 Day. */
export function ForecastTable({ rows, name }: { rows: readonly ForecastRow[]; name: string }) {
  const columns: DataTableColumn<ForecastRow>[] = [
    { id: 'date', header: 'Date', cell: (r) => formatDate(r.date) },
    variance('singleVariance', 'Single Day'),
    variance('sevenDayVariance', '7 Day'),
    variance('fourteenDayVariance', '14 Day'),
    variance('monthlyVariance', '30 Day'),
  ];
  return (
    <DataTable
      title={`${name}: Forecast`}
      columns={columns}
      getRowId={(r) => r.date}
      getRowLabel={(r) => formatDate(r.date)}
      mode={{ kind: 'client', rows }}
      initialSort={{ id: 'date', desc: false }}
      exportFileName={`${name} forecast`}
    />
  );
}
