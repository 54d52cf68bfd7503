import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  HorizonAccuracy,
  ModelAccuracy,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';

// Issue 41: the back-test figures of a step 2 forecast — MASE, WAPE and bias of the forecast used,
// and, when the model did not beat "same week last year", that the naive forecast is used.

const ratio = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const signedPercent = (value: number | null) =>
  value === null ? 'n/a' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

/** "MASE 0.62 · WAPE 21.0% · bias +2.0%" of the forecast used, 13 weeks ahead. */
export function accuracyFigures(accuracy: ModelAccuracy): string {
  const used = accuracy.used;
  if (!used) return 'MASE n/a · WAPE n/a · bias n/a';
  return `MASE ${ratio(used.mase)} · WAPE ${percent(used.wape)} · bias ${signedPercent(used.relativeBias)}`;
}

function HorizonRows({ label, rows }: { label: string; rows: readonly HorizonAccuracy[] }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      {rows.map((h) => (
        <TableCell key={h.weeks} align="right">
          {ratio(h.mase)} / {percent(h.wape)} / {signedPercent(h.relativeBias)}
        </TableCell>
      ))}
    </TableRow>
  );
}

/** Beside a step 2 result: the back-test's MASE, WAPE and bias, and the naive fallback when it applies. */
export function ModelAccuracySummary({ accuracy, name }: { accuracy: ModelAccuracy | null; name: string }) {
  if (!accuracy)
    return (
      <Typography variant="body2" color="text.secondary">
        No back-test figures: this step 2 ran before they were measured. Run step 1 and step 2 again.
      </Typography>
    );
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        Back-test, 13 weeks ahead over {accuracy.origins} rolling origins (
        {accuracy.usesNaive ? 'naive forecast' : 'model'}): {accuracyFigures(accuracy)}
      </Typography>
      {accuracy.usesNaive && <Alert severity="info">{SHORT_TERM_MSG.naiveForecastUsed}</Alert>}
      <Table size="small" aria-label={`${name}: back-test MASE / WAPE / bias by horizon`}>
        <TableHead>
          <TableRow>
            <TableCell>Forecast (MASE / WAPE / bias)</TableCell>
            {accuracy.model.map((h) => (
              <TableCell key={h.weeks} align="right">
                {h.weeks} {h.weeks === 1 ? 'week' : 'weeks'}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <HorizonRows label="Model" rows={accuracy.model} />
          <HorizonRows label="Same week last year" rows={accuracy.seasonalNaive} />
          <HorizonRows
            label="Same business day of the month, last year"
            rows={accuracy.sameBusinessDayLastYear}
          />
        </TableBody>
      </Table>
    </Stack>
  );
}
