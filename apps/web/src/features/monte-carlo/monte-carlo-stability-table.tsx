import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { MonteCarloResults } from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { formatCurrency } from '../../lib/format';

const FIELDS = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive', 'cushion'] as const;
const labelOf = (field: (typeof FIELDS)[number]) =>
  field === 'cushion' ? 'Cushion' : (LIQUIDITY_LEVEL_TERMS.find((t) => t.field === field)?.label ?? field);

/**
 * How steady the computed levels are (issue 41; docs/models.md "Monte Carlo liquidity segmentation"):
 * beside each computed level, its lowest and highest amount with one history year left out at a time,
 * and the mean lowest balance of the worst 5% of paths at its horizon; below, the share of paths on
 * which all levels hold at once and the bootstrap's block length. Runs stored before these figures
 * existed show none.
 */
export function MonteCarloStabilityTable({ results, label }: { results: MonteCarloResults; label: string }) {
  const { stability, levels } = results;
  const shortfallOf = (field: (typeof FIELDS)[number]) => {
    const horizon = {
      levelOne: '30 days',
      levelTwo: '30 weeks',
      levelThree: '1 year',
      levelFour: '30 months',
    };
    const name = field === 'levelFive' ? '5 years' : field === 'cushion' ? null : horizon[field];
    return stability.expectedShortfall.find((row) => row.horizon === name)?.amount ?? null;
  };
  const years = stability.leftOutYears.length;
  return (
    <>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Level</TableCell>
            <TableCell align="right">Computed</TableCell>
            <TableCell align="right">Leave-one-year-out range</TableCell>
            <TableCell align="right">Worst 5% average balance</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {FIELDS.map((field) => {
            const range = stability.levelRanges?.[field];
            const shortfall = shortfallOf(field);
            return (
              <TableRow key={field}>
                <TableCell component="th" scope="row">
                  {labelOf(field)}
                </TableCell>
                <TableCell align="right">{formatCurrency(levels.defaults[field])}</TableCell>
                <TableCell align="right">
                  {range ? `${formatCurrency(range.low)} – ${formatCurrency(range.high)}` : '---'}
                </TableCell>
                <TableCell align="right">{shortfall === null ? '---' : formatCurrency(shortfall)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {stability.coherentShare === null
          ? 'This run has no stability figures; run it again to see them.'
          : `The levels hold together on ${(stability.coherentShare * 100).toFixed(1)}% of the paths. ` +
            (years > 0
              ? `Ranges: the levels with each of the last ${years} history years left out in turn. `
              : // Issue 41 point 2: one year fits each month and dated flow on its single occurrence,
                // so its year-to-year variation is not in the residuals (docs/models.md, limits).
                'With one year of history there is no year to leave out, and each month and dated flow ' +
                'is fitted on its one occurrence: its year-to-year variation cannot be measured and the ' +
                'levels may be too high. Run it with two or three years when the history has them. ') +
            (stability.meanBlockLength === null
              ? ''
              : `Mean block length ${stability.meanBlockLength.toFixed(1)} business days` +
                (stability.blockLengthSource === 'automatic' ? ', chosen from the data.' : '.'))}
      </Typography>
    </>
  );
}
