import { lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@tideline/contracts/access/route-permissions';
import { PageLoader } from '../components/page-loader';
import { usePrefetchWhenIdle, type ChunkLoader } from '../lib/prefetch-when-idle';
import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';
import { ROUTE_TITLES } from './route-titles';

// Every screen is its own chunk (architecture.md "Web"): the sign-in route never loads the shell.
const SignInPage = lazy(() => import('../features/auth/sign-in-page'));
const SetNewPasswordPage = lazy(() => import('../features/auth/set-new-password-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));
const loadAppLayout = () => import('./layout/app-layout');
const loadDashboardRoute = () => import('./routes/dashboard-route');
const AppLayout = lazy(loadAppLayout);
const DashboardRoute = lazy(loadDashboardRoute);
const MyAccountPage = lazy(() => import('../features/my-account/my-account-page'));
const UserManagementPage = lazy(() => import('../features/users/user-management-page'));
const ClientManagementPage = lazy(() => import('../features/clients/client-management-page'));
const loadClientProfileRoute = () => import('./routes/client-profile-route');
const ClientProfileRoute = lazy(loadClientProfileRoute);
const BankManagementRoute = lazy(() => import('./routes/bank-management-route'));
const GlobalSettingsRoute = lazy(() => import('./routes/global-settings-route'));
const AccountProfileRoute = lazy(() => import('./routes/account-profile-route'));
const AccountGroupPage = lazy(() => import('../features/accounts/account-group-page'));
const InvestmentManagementPage = lazy(() => import('../features/investments/investment-management-page'));
const InvestmentGroupPage = lazy(() => import('../features/investments/investment-group-page'));
const OpenBatchesPage = lazy(() => import('../features/data-ingestion/open-batches-page'));
const DataIngestionClientRoute = lazy(() => import('./routes/data-ingestion-client-route'));
const AnalysisRoute = lazy(() => import('./routes/analysis-route'));
const PlaceholderPage = lazy(() =>
  import('../components/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);
const NotFoundContent = lazy(() =>
  import('../features/errors/not-found-content').then((m) => ({ default: m.NotFoundContent })),
);

// Screens that later issues fill in; until then each shows its title.
function pageFor(route: ProtectedRoute) {
  if (route === '/dashboard') return <DashboardRoute />;
  if (route === '/my-account') return <MyAccountPage />;
  if (route === '/user-management') return <UserManagementPage />;
  if (route === '/client-management/:clientId/:accountId') return <AccountProfileRoute />;
  if (route === '/client-management/:clientId/account-group/:groupId') return <AccountGroupPage />;
  if (route === '/client-management') return <ClientManagementPage />;
  if (route === '/client-management/:id') return <ClientProfileRoute />;
  if (route === '/bank-management') return <BankManagementRoute />;
  if (route === '/global-settings') return <GlobalSettingsRoute />;
  if (route === '/investment-management') return <InvestmentManagementPage />;
  if (route === '/investment-management/investment-group/:groupId') return <InvestmentGroupPage />;
  if (route === '/data-ingestion') return <OpenBatchesPage />;
  if (route === '/data-ingestion/:clientId') return <DataIngestionClientRoute />;
  if (route === '/analysis') return <AnalysisRoute />;
  return <PlaceholderPage title={ROUTE_TITLES[route]} />;
}

const protectedRoutes = Object.keys(ROUTE_PERMISSIONS) as ProtectedRoute[];

// Issue 21 point 3: where a user goes from the sign-in form — the signed-in shell and the dashboard,
// with Zod and the contracts they bring — is fetched once the form is shown and the browser is idle,
// through the same import() as the lazy routes, so none of it is part of the first load.
const AFTER_SIGN_IN: readonly ChunkLoader[] = [loadAppLayout, loadDashboardRoute];

// The screens a signed-in user most often opens or reloads directly. On such a first load the shell's
// chunk and the screen's chunk are asked for together, instead of the screen's only once the shell has
// drawn (issue 21 "Speed": Lighthouse's largest paint waited on that chain).
const SCREEN_CHUNKS: readonly (readonly [ProtectedRoute, ChunkLoader])[] = [
  ['/dashboard', loadDashboardRoute],
  ['/client-management/:id', loadClientProfileRoute],
];

/** Starts loading the signed-in shell and, when it is one of SCREEN_CHUNKS, the screen at `pathname`. */
export function preloadSignedInScreen(pathname: string): void {
  const loaders = [
    loadAppLayout,
    ...SCREEN_CHUNKS.filter(([route]) => matchPath(route, pathname)).map(([, l]) => l),
  ];
  for (const loader of loaders) loader().catch(() => undefined);
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
