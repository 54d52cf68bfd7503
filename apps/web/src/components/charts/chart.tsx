import { ScrollRegion } from '../scroll-region';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNearViewport } from '../../lib/use-near-viewport';
import { visuallyHidden } from '../visually-hidden';

const EChartView = lazy(() => import('./echart-view'));

/** An ECharts option object (typed loosely: the chart chunk, not this file, loads echarts). */
export type ChartOption = Record<string, unknown>;

/** The chart's data as a table: its text alternative (issue 18 point 8). */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

/**
 * A chart drawn by ECharts (SVG) in a lazy chunk, with its data as a table, its text alternative:
 * 'Show data as a table' on screen, opened before printing. `label` names the figure. The chart is
 * drawn once it comes near the window: a client profile on a phone stacks eight widgets, and drawing
 * the charts far below the fold blocked the page for a second at load (issue 21, Lighthouse).
 */
export function Chart({
  option,
  label,
  table,
  height = '20rem',
}: {
  option: ChartOption;
  /** What the chart shows, in a sentence: the figure's accessible name. */
  label: string;
  table: ChartTable;
  height?: string;
}) {
  const captionId = useId();
  const figureRef = useRef<HTMLElement>(null);
  const isNear = useNearViewport(figureRef);
  const [showTable, setShowTable] = useState(false);
  // A printed page shows the table under the chart whether or not it was opened.
  useEffect(() => {
    const open = () => setShowTable(true);
    window.addEventListener('beforeprint', open);
    return () => window.removeEventListener('beforeprint', open);
  }, []);
  return (
    <Box component="figure" ref={figureRef} aria-labelledby={captionId} sx={{ m: 0 }}>
      <Typography
        id={captionId}
        component="figcaption"
        variant="body2"
        color="text.secondary"
        sx={visuallyHidden}
      >
        {label}
      </Typography>
      {isNear ? (
        <Suspense
          fallback={
            <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <CircularProgress aria-label="Loading the chart" />
            </Box>
          }
        >
          <EChartView option={option} height={height} />
        </Suspense>
      ) : (
        // Its room only: nothing is loading yet, so no spinner.
        <Box sx={{ height }} />
      )}
      <Button
        size="small"
        aria-expanded={showTable}
        onClick={() => setShowTable((shown) => !shown)}
        sx={{ mt: 1, displayPrint: 'none' }}
      >
        {showTable ? 'Hide the data table' : 'Show data as a table'}
      </Button>
      {showTable && (
        <ScrollRegion
          label={`${label}: data`}
          sx={{ maxHeight: '24rem', mt: 1, '@media print': { maxHeight: 'none' } }}
        >
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {table.columns.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, index) => (
                <TableRow key={index}>
                  {row.map((cell, cellIndex) => (
                    <TableCell key={cellIndex}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}
