import { lazy, Suspense } from 'react';
import { matchPath, Route, Routes, type Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@tideline/contracts/access/route-permissions';
import { PageLoader } from '../components/page-loader';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { useSessionStore } from '../lib/session-store';
import { usePrefetchWhenIdle, type ChunkLoader } from '../lib/prefetch-when-idle';
import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';

// Every screen is its own chunk (architecture.md "Web"): the sign-in route never loads the shell.
const SignInPage = lazy(() => import('../features/auth/sign-in-page'));
const SetNewPasswordPage = lazy(() => import('../features/auth/set-new-password-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));
// The shell and the screens of SCREEN_CHUNKS are drawn without suspending once preloaded.
const AppLayout = lazyWithPreload(() => import('./layout/app-layout'));
const DashboardRoute = lazyWithPreload(() => import('./routes/dashboard-route'));
const MyAccountPage = lazy(() => import('../features/my-account/my-account-page'));
const UserManagementPage = lazy(() => import('../features/users/user-management-page'));
const ClientManagementRoute = lazy(() => import('./routes/client-management-route'));
const ClientProfileRoute = lazyWithPreload(() => import('./routes/client-profile-route'));
const BankManagementRoute = lazy(() => import('./routes/bank-management-route'));
const GlobalSettingsRoute = lazy(() => import('./routes/global-settings-route'));
const AccountProfileRoute = lazy(() => import('./routes/account-profile-route'));
const AccountGroupPage = lazy(() => import('../features/accounts/account-group-page'));
const InvestmentManagementPage = lazy(() => import('../features/investments/investment-management-page'));
const InvestmentGroupPage = lazy(() => import('../features/investments/investment-group-page'));
const OpenBatchesPage = lazy(() => import('../features/data-ingestion/open-batches-page'));
const DataIngestionClientRoute = lazy(() => import('./routes/data-ingestion-client-route'));
const AnalysisRoute = lazy(() => import('./routes/analysis-route'));
const ExceptionsPage = lazy(() => import('../features/exceptions/exceptions-page'));
const NotFoundContent = lazy(() =>
  import('../features/errors/not-found-content').then((m) => ({ default: m.NotFoundContent })),
);

// The screen of each protected route.
function pageFor(route: ProtectedRoute) {
  if (route === '/dashboard') return <DashboardRoute />;
  if (route === '/my-account') return <MyAccountPage />;
  if (route === '/user-management') return <UserManagementPage />;
  if (route === '/client-management/:clientId/:accountId') return <AccountProfileRoute />;
  if (route === '/client-management/:clientId/account-group/:groupId') return <AccountGroupPage />;
  if (route === '/client-management') return <ClientManagementRoute />;
  if (route === '/client-management/:id') return <ClientProfileRoute />;
  if (route === '/bank-management') return <BankManagementRoute />;
  if (route === '/global-settings') return <GlobalSettingsRoute />;
  if (route === '/investment-management') return <InvestmentManagementPage />;
  if (route === '/investment-management/investment-group/:groupId') return <InvestmentGroupPage />;
  if (route === '/data-ingestion') return <OpenBatchesPage />;
  if (route === '/data-ingestion/:clientId') return <DataIngestionClientRoute />;
  if (route === '/analysis') return <AnalysisRoute />;
  if (route === '/exceptions') return <ExceptionsPage />;
  // Every protected route has its screen: a route added without one does not compile here.
  const unhandled: never = route;
  return unhandled;
}

const protectedRoutes = Object.keys(ROUTE_PERMISSIONS) as ProtectedRoute[];

// Issue 21 point 3: where a user goes from the sign-in form — the signed-in shell and the dashboard,
// with Zod and the contracts they bring — is fetched once the form is shown and the browser is idle,
// through the same import() as the lazy routes, so none of it is part of the first load.
const AFTER_SIGN_IN: readonly ChunkLoader[] = [AppLayout.preload, DashboardRoute.preload];

// The screens a signed-in user most often opens or reloads directly. On such a first load the shell's
// chunk and the screen's chunk are asked for together, instead of the screen's only once the shell has
// drawn (issue 21 "Speed": Lighthouse's largest paint waited on that chain). A screen's chunk may export
// prefetchScreenData: the answer its first paint waits on is then asked for as the chunk arrives, beside
// the shell's drawing, instead of once the screen has mounted.
const SCREEN_CHUNKS: readonly (readonly [ProtectedRoute, ScreenLoader])[] = [
  ['/dashboard', DashboardRoute.preload],
  ['/client-management/:id', ClientProfileRoute.preload],
];

/** What a screen's chunk may export for preloadSignedInScreen. */
export type PrefetchScreenData = (queryClient: QueryClient, params: Params) => void;
type ScreenLoader = () => Promise<{ default: unknown; prefetchScreenData?: PrefetchScreenData }>;

/**
 * Starts loading the signed-in shell and, when it is one of SCREEN_CHUNKS, the screen at `pathname`,
 * with the data its first paint shows. Settles once both chunks are in (or have failed: the lazy route
 * then meets the failure where it is drawn), so the first render can wait for them.
 */
export async function preloadSignedInScreen(pathname: string, queryClient: QueryClient): Promise<void> {
  const chunks: Promise<unknown>[] = [AppLayout.preload()];
  for (const [route, load] of SCREEN_CHUNKS) {
    const match = matchPath(route, pathname);
    if (!match) continue;
    // Data only for a user the route lets in: RequirePermission shows the others another screen.
    const permission = ROUTE_PERMISSIONS[route];
    const permList = useSessionStore.getState().user?.permList ?? [];
    const mayOpen = permission === null || hasAnyPermission(permList, [permission]);
    chunks.push(load().then((screen) => mayOpen && screen.prefetchScreenData?.(queryClient, match.params)));
  }
  await Promise.allSettled(chunks);
}

function SignInRoute() {
  usePrefetchWhenIdle(AFTER_SIGN_IN);
  return <SignInPage />;
}

/** The route table of platform.md 2.1 with its guards. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route
          path="/"
          element={
            <PublicOnly>
              <SignInRoute />
            </PublicOnly>
          }
        />
        <Route
          path="/reset-password/:username/*"
          element={
            <PublicOnly>
              <SetNewPasswordPage />
            </PublicOnly>
          }
        />
        <Route
          path="/forgot-password/:username/:code"
          element={
            <PublicOnly>
              <SetNewPasswordPage />
            </PublicOnly>
          }
        />
        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          {protectedRoutes.map((route) => (
            <Route
              key={route}
              path={route}
              element={
                <RequirePermission route={route} fallback={<NotFoundContent />}>
                  {pageFor(route)}
                </RequirePermission>
              }
            />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
