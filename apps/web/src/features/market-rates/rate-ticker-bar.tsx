import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MARKET_DATA_GROUPS,
  MARKET_DATA_LAYOUT,
  type MarketData,
  type MarketRate,
} from '@tideline/contracts/market-rates/market-rates.schemas';
import { formatDate } from '../../lib/format';
import { marketRateQueries, storedMarketData } from './market-rates.queries';

export const SAMPLE_RATES_NOTICE = 'Sample rates shipped with Tideline, not live data.';
/** The label of source 'demo': the made-up history `seed-demo` gives the demo data set. */
export const DEMO_RATES_NOTICE = 'Demo figures, not live data.';

interface TickerItem {
  key: string;
  title: string;
  rate: MarketRate & { value: number; asOf: string };
}

/** The rates that have a value, in the spec's order (platform.md 3 "Market data"). */
export function tickerItems(data: MarketData | null | undefined): TickerItem[] {
  if (!data) return [];
  return MARKET_DATA_GROUPS.flatMap((group) =>
    data[group].flatMap((rate) =>
      rate.value === null || rate.asOf === null
        ? []
        : [
            {
              key: `${group}-${rate.label}`,
              title: MARKET_DATA_LAYOUT[group].title,
              rate: { ...rate, value: rate.value, asOf: rate.asOf },
            },
          ],
    ),
  );
}

// One placeholder per rate, about as wide as a rate with its date: the bar keeps the height it will have
// once the rates arrive, so the widgets under it do not move down then (on a phone it is many lines).
const RATE_PLACEHOLDERS = MARKET_DATA_GROUPS.flatMap((group) =>
  MARKET_DATA_LAYOUT[group].rates.map((rate) => `${group}-${rate.label}`),
);

/**
 * platform.md 2.5: the dashboard's rate ticker bar. A wrapping row of labelled rates, each with its
 * as-of date; while loading, placeholders; with no rates at all, one quiet line.
 */
export function RateTickerBar() {
  const { data, isPending, isError } = useQuery({
    ...marketRateQueries.marketData(),
    placeholderData: storedMarketData,
  });
  const items = tickerItems(data);
  // An offline install starts from the rates shipped with Tideline: say so rather than pass them off as live.
  const isSample = items.some((i) => i.rate.source === 'snapshot');
  // A demo database's rates are made up (seed-demo): said as plainly.
  const isDemo = items.some((i) => i.rate.source === 'demo');
  return (
    <Box
      component="section"
      aria-label="Market rates"
      aria-busy={isPending && items.length === 0}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 3,
        rowGap: 0.5,
        px: 2,
        py: 1,
        mb: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        minHeight: 40,
      }}
    >
      {items.length > 0 ? (
        items.map(({ key, title, rate }) => (
          <Box
            key={key}
            component="span"
            sx={{ whiteSpace: 'nowrap' }}
            title={`${rate.seriesId}, as of ${formatDate(rate.asOf)}`}
          >
            <Typography component="span" variant="body2" color="text.secondary">
              {title} {rate.label}{' '}
            </Typography>
            <Typography component="span" variant="body2" fontWeight={600}>
              {rate.value.toFixed(2)}%
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              as of {formatDate(rate.asOf)}
            </Typography>
          </Box>
        ))
      ) : isPending && !isError ? (
        RATE_PLACEHOLDERS.map((key) => <Skeleton key={key} variant="text" width={250} aria-hidden />)
      ) : (
        <Typography variant="body2" color="text.secondary">
          Market rates are not available.
        </Typography>
      )}
      {isDemo && (
        <Typography
          variant="caption"
          color="text.secondary"
          fontStyle="italic"
          title="Made up for the demo data set; a rate provider or import-rates replaces them."
        >
          {DEMO_RATES_NOTICE}
        </Typography>
      )}
      {isSample && (
        <Typography
          variant="caption"
          color="text.secondary"
          fontStyle="italic"
          title="No rate provider has replaced these yet: set MARKET_RATES_PROVIDERS or run import-rates."
        >
          {SAMPLE_RATES_NOTICE}
        </Typography>
      )}
    </Box>
  );
}
