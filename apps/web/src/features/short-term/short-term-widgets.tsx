import { ScrollRegion } from '../../components/scroll-region';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { SHORT_TERM_WEEK_OPTIONS, SHORT_TERM_WEEKS } from '@tideline/contracts/short-term/short-term.schemas';
import { WidgetCard } from '../../components/widget-card';
import { formatCurrency } from '../../lib/format';
import { CashPositionChart, DayToDayVarianceChart } from './short-term-charts';
import { formatDateRange } from './short-term-dates';
import { shortTermQueries } from './short-term.queries';

// The client summary's short-term widgets (clients-accounts-investments-reports.md 2 "Summary tab"),
// each from the client's latest finished step 2; 'No Results.' when there is none or it cannot be read.

const modelLabel = (data: { shortTermModelName: string | null; groupName: string | null } | undefined) =>
  data?.shortTermModelName ? `${data.shortTermModelName} (${data.groupName ?? ''})` : null;

/** Day-to-Day Variance line chart. */
export function DayToDayVarianceWidget({ clientId }: { clientId: number }) {
  const variance = useQuery(shortTermQueries.clientDayToDay(clientId));
  const data = variance.data;
  return (
    <WidgetCard
      title="Day-to-Day Variance"
      subheader={modelLabel(data)}
      isLoading={variance.isLoading}
      isEmpty={!data || data.rows.length === 0}
    >
      {data && (
        <DayToDayVarianceChart
          variance={data}
          name={data.shortTermModelName ?? 'Day-to-Day Variance'}
          height="16rem"
        />
      )}
    </WidgetCard>
  );
}

const FORECAST_PAGE_SIZE = 4;

/**
 * Short Term Modeling/Forecast table: 4 rows a page, weeks 4 to 24 (21 options), default 4. Choosing
 * the weeks goes back to the first page (the select keeps its focus: the card is not rebuilt).
 */
export function ShortTermForecastWidget({ clientId }: { clientId: number }) {
  const [weeks, setWeeks] = useState<number>(SHORT_TERM_WEEKS.widgetDefault);
  const [pageIndex, setPageIndex] = useState(0);
  const forecast = useQuery(shortTermQueries.clientForecast(clientId, weeks));
  const rows = forecast.data?.rows ?? [];
  const page = rows.slice(pageIndex * FORECAST_PAGE_SIZE, (pageIndex + 1) * FORECAST_PAGE_SIZE);
  const title = 'Short Term Modeling/Forecast';
  const weeksSelect = (
    <TextField
      select
      size="small"
      label="Weeks"
      value={weeks}
      onChange={(e) => {
        setWeeks(Number(e.target.value));
        setPageIndex(0);
      }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
      sx={{ minWidth: 96 }}
    >
      {SHORT_TERM_WEEK_OPTIONS.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <WidgetCard
      title={title}
      subheader={modelLabel(forecast.data)}
      action={weeksSelect}
      isLoading={forecast.isLoading}
      isEmpty={rows.length === 0}
    >
      <>
        <ScrollRegion label={`${title}: table`}>
          <Table size="small" aria-label={title} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Date Range</TableCell>
                <TableCell align="right">Forecast</TableCell>
                <TableCell align="right">Prior Year Actual</TableCell>
                <TableCell align="right">Strategic Liquidity</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.map((row) => (
                <TableRow key={row.week}>
                  <TableCell>{formatDateRange(row.dateRange)}</TableCell>
                  <TableCell align="right">{formatCurrency(row.forecast)}</TableCell>
                  <TableCell align="right">{formatCurrency(row.priorYearActual)}</TableCell>
                  <TableCell align="right">{formatCurrency(row.strategicLiquidity)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
        <TablePagination
          component="div"
          count={rows.length}
          page={pageIndex}
          rowsPerPage={FORECAST_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_e, next) => setPageIndex(next)}
        />
      </>
    </WidgetCard>
  );
}

/** Short-Term Cash Position Forecast chart: the whole forecast, week by week. */
export function CashPositionForecastWidget({ clientId }: { clientId: number }) {
  const forecast = useQuery(shortTermQueries.clientCashPosition(clientId, SHORT_TERM_WEEKS.max));
  const data = forecast.data;
  return (
    <WidgetCard
      title="Short-Term Cash Position Forecast"
      subheader={modelLabel(data)}
      isLoading={forecast.isLoading}
      isEmpty={!data || data.rows.length === 0}
    >
      {data && (
        <CashPositionChart
          forecast={data}
          name={data.shortTermModelName ?? 'Short-Term Cash Position Forecast'}
          height="16rem"
        />
      )}
    </WidgetCard>
  );
}
