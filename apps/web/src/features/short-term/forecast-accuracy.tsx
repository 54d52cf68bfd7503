import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  ForecastAccuracy as Accuracy,
  VarianceError,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { formatCurrency, formatDate } from '../../lib/format';
import { VarianceCell } from './forecast-table';
import { formatDateRange } from './short-term-dates';

const SPANS: [keyof Pick<Accuracy, 'singleDay' | 'sevenDay' | 'fourteenDay' | 'thirtyDay'>, string][] = [
  ['singleDay', 'Single Day'],
  ['sevenDay', '7 Day'],
  ['fourteenDay', '14 Day'],
  ['thirtyDay', '30 Day'],
];

function SpanRow({ label, error }: { label: string; error: VarianceError }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell align="right">{error.comparedDays}</TableCell>
      <TableCell align="right">{formatCurrency(error.meanAbsoluteError)}</TableCell>
      <TableCell align="right">{formatCurrency(error.bias)}</TableCell>
    </TableRow>
  );
}

/**
 * Issue 18 point 7, on the model's panel: once the days it forecast have happened (the group's balance
 * tables past the end date), how the forecast did: the error of each span's change of balance, the
 * weekly totals against what happened, and how often the balance stayed inside the forecast band.
 */
export function ForecastAccuracy({ accuracy, name }: { accuracy: Accuracy | null; name: string }) {
  if (!accuracy)
    return (
      <Typography variant="body2" color="text.secondary">
        Not yet measurable: none of the forecast days has an actual balance yet. Once later transactions are
        in and the daily and monthly tables are calculated, the forecast is compared with what happened.
      </Typography>
    );
  const band = accuracy.band;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Compared with the actual balances through {formatDate(accuracy.actualThrough)}.{' '}
        {band && band.shareInside !== null
          ? `The balance stayed inside the forecast band (5-95% of Monte Carlo '${band.monteCarloName}') on ${band.daysInside} of ${band.comparedDays} days (${Math.round(band.shareInside * 100)}%; about 90% is well calibrated).`
          : 'No forecast band: the account group had no finished Monte Carlo analysis when step 2 ran.'}
      </Typography>
      <Table size="small" aria-label={`${name}: forecast error by span`}>
        <TableHead>
          <TableRow>
            <TableCell>Span</TableCell>
            <TableCell align="right">Days Compared</TableCell>
            <TableCell align="right">Mean Absolute Error</TableCell>
            <TableCell align="right">Bias (forecast - actual)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SPANS.map(([key, label]) => (
            <SpanRow key={key} label={label} error={accuracy[key]} />
          ))}
        </TableBody>
      </Table>
      {accuracy.weeks.length > 0 && (
        <Table size="small" aria-label={`${name}: weekly change of balance, forecast and actual`}>
          <TableHead>
            <TableRow>
              <TableCell>Week</TableCell>
              <TableCell align="right">Forecast Change</TableCell>
              <TableCell align="right">Actual Change</TableCell>
              <TableCell align="right">Error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accuracy.weeks.map((week) => (
              <TableRow key={week.dateRange}>
                <TableCell component="th" scope="row">
                  {formatDateRange(week.dateRange)}
                </TableCell>
                <TableCell align="right">
                  <VarianceCell value={week.forecastChange} />
                </TableCell>
                <TableCell align="right">
                  <VarianceCell value={week.actualChange} />
                </TableCell>
                <TableCell align="right">{formatCurrency(week.error)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
