import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { MonteResultRow } from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { formatCurrency } from '../../lib/format';

const YEARS = ['year1', 'year2', 'year3', 'year4', 'year5'] as const;

/**
 * The Monté Result table (spec 2, 9): Raw Output and From Min Bal across Year 1 to Year 5, the amount
 * that stays untouched for that long with 95% confidence (analytics.md "Monte Carlo" steps 3 and 4).
 */
export function MonteResultTable({ rows, label }: { rows: readonly MonteResultRow[]; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Monté Result</TableCell>
          {YEARS.map((_, index) => (
            <TableCell key={index} align="right">
              Year {index + 1}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell component="th" scope="row">
              {row.row}
            </TableCell>
            {YEARS.map((year) => (
              <TableCell key={year} align="right">
                {formatCurrency(row[year])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
