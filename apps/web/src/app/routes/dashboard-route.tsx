import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { DrawnWhenNear } from '../../components/drawn-when-near';
import DashboardPage from '../../features/dashboard/dashboard-page';
import { RateTickerBar } from '../../features/market-rates/rate-ticker-bar';
import { useCan } from '../../lib/use-can';

// The dashboard composes the rate ticker, the Maturing Investments widget and the negotiated-rates table (style.md: features do not
// import each other). platform.md 2.5: the ticker loads only when the URL is exactly /dashboard, so
// /dashboard/ never fetches it. The ticker is part of this chunk, not a lazy one of its own: drawn with
// the widgets (from the rates kept in the session), it no longer pushes them down once they are shown
// (on a phone it wraps to many lines: Lighthouse measured a layout shift of 0.43).

const DashboardMaturingWidget = lazy(() =>
  import('../../features/investments/dashboard-maturing-widget').then((m) => ({
    default: m.DashboardMaturingWidget,
  })),
);

const MyExceptionsWidget = lazy(() =>
  import('../../features/exceptions/my-exceptions-widget').then((m) => ({ default: m.MyExceptionsWidget })),
);

const NotesTable = lazy(() =>
  import('../../features/notes/notes-table').then((m) => ({ default: m.NotesTable })),
);

const NegotiatedRatesTable = lazy(() =>
  import('../../features/negotiated-rates/negotiated-rates-table').then((m) => ({
    default: m.NegotiatedRatesTable,
  })),
);

const ALL_NOTES = { kind: 'all' } as const;
const TABLE_NEAR_MARGIN = '100px';

export default function DashboardRoute() {
  const { pathname } = useLocation();
  // The same permissions GET /api/dashboard/quandl declares.
  const canSeeRates = useCan('VIEW_DASHBOARD', 'VIEW_RATE_DATA');
  const tickerBar = pathname === '/dashboard' && canSeeRates ? <RateTickerBar /> : null;
  // The maturing summary is investment data: GET /users/maturing-investments needs VIEW_INVESTMENTS.
  const canSeeInvestments = useCan('VIEW_INVESTMENTS');
  const maturingInvestments = canSeeInvestments ? (
    <Suspense fallback={null}>
      <DashboardMaturingWidget />
    </Suspense>
  ) : null;
  // Issue 43: the user's own exceptions; GET /api/exceptions/mine needs VIEW_EXCEPTIONS.
  const myExceptions = useCan('VIEW_EXCEPTIONS') ? (
    <Suspense fallback={null}>
      <MyExceptionsWidget />
    </Suspense>
  ) : null;
  // The two tables sit below the widgets: on a phone they load and draw once the user scrolls towards
  // them, not while the first screen is drawn (issue 21, Lighthouse). Near means within 100 px: on a
  // 412 x 823 phone the Notes table starts about 280 px below the fold. Nothing stands in for them
  // until then: a visible placeholder was pushed down as the widgets above filled (a layout shift of
  // 0.06 on a laptop), where a table that appears in its place moves nothing.
  // platform.md 2.5: the notes table needs VIEW_NOTES.
  const notes = useCan('VIEW_NOTES') ? (
    <DrawnWhenNear placeholder={null} margin={TABLE_NEAR_MARGIN}>
      <NotesTable scope={ALL_NOTES} />
    </DrawnWhenNear>
  ) : null;
  // platform.md 2.5: the negotiated-rates table needs VIEW_NEGOTIATED_RATES.
  const canSeeNegotiatedRates = useCan('VIEW_NEGOTIATED_RATES');
  const negotiatedRates = canSeeNegotiatedRates ? (
    <DrawnWhenNear placeholder={null} margin={TABLE_NEAR_MARGIN}>
      <NegotiatedRatesTable />
    </DrawnWhenNear>
  ) : null;
  return (
    <DashboardPage
      tickerBar={tickerBar}
      maturingInvestments={maturingInvestments}
      myExceptions={myExceptions}
      notes={notes}
      negotiatedRates={negotiatedRates}
    />
  );
}
