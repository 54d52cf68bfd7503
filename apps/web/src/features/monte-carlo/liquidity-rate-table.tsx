import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { describeBenchmarkInterestTotal } from '@tideline/contracts/monte-carlo/benchmark-interest-total';
import type { MonteCarloResults } from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { formatCurrency, formatDate, formatRate } from '../../lib/format';

/** The total, or with a level's rate unavailable the others' sum and which are left out (as the PDF). */
function formatTotal(results: MonteCarloResults): string {
  const partial = describeBenchmarkInterestTotal(results.rateTable);
  return results.totalBenchmarkInterest !== null || !partial
    ? formatCurrency(results.totalBenchmarkInterest)
    : `${formatCurrency(partial.amount)} without ${partial.missingLevels.join(', ')}`;
}

const labelOf = (field: string) => LIQUIDITY_LEVEL_TERMS.find((t) => t.field === field)?.label ?? field;

/**
 * Amount / Duration / Indicative Rate / Benchmark Interest (spec 2; analytics.md step 6), one row per
 * level with its horizon, on the levels in effect (an analyst's Set Liquidity Levels included); the
 * rate is the stored market rate of the run date, benchmark interest a year at that rate.
 */
export function LiquidityRateTable({ results, label }: { results: MonteCarloResults; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Level</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Duration</TableCell>
          <TableCell align="right">Indicative Rate</TableCell>
          <TableCell align="right">Benchmark Interest</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {results.rateTable.map((row) => (
          <TableRow key={row.field}>
            <TableCell component="th" scope="row">
              {labelOf(row.field)}
            </TableCell>
            <TableCell align="right">{formatCurrency(row.amount)}</TableCell>
            <TableCell>{row.duration}</TableCell>
            <TableCell align="right">
              {/* Issue 41 point 5: a stand-in series is named, a missing rate says since when. */}
              <Tooltip
                title={
                  row.rateNote && row.rateDate
                    ? `${row.rateNote}; on ${formatDate(row.rateDate)}`
                    : row.rateDate
                      ? `${row.benchmark} (${row.seriesId}) on ${formatDate(row.rateDate)}`
                      : (row.rateNote ?? `No ${row.benchmark} rate stored on or before the run date`)
                }
              >
                <span>
                  {row.indicativeRate === null
                    ? (row.rateNote ?? '---')
                    : `${formatRate(row.indicativeRate)}%${row.rateNote ? ' *' : ''}`}
                </span>
              </Tooltip>
            </TableCell>
            <TableCell align="right">{formatCurrency(row.benchmarkInterest)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row">
            Total
          </TableCell>
          <TableCell align="right">
            {formatCurrency(results.rateTable.reduce((sum, r) => sum + r.amount, 0))}
          </TableCell>
          <TableCell>Cushion: {formatCurrency(results.levels.cushion)}</TableCell>
          <TableCell />
          <TableCell align="right">{formatTotal(results)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
