import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { isBoardAddress } from '../../schema/users';
import { SiteLayout } from './layout/site-layout';
import { lazyScreen } from './lazy-screen';

// Each screen is its own chunk, fetched when its route is first visited. The declarative router
// is half the size of the data router, and the screens load their own data with React Query.
// The server renders only what readers see (web/server.tsx): in its build (`import.meta.env.SSR`)
// the other screens are an empty one, and their code (the dashboard's drag and drop, the charts)
// stays out of the Worker.
const browserOnly = lazyScreen(async () => () => null);

const screens = {
  landing: lazyScreen(() => import('./routes/landing').then((m) => m.LandingScreen)),
  discover: lazyScreen(() => import('./routes/discover').then((m) => m.DiscoverScreen)),
  auth: lazyScreen(() => import('./routes/auth').then((m) => m.AuthScreen)),
  forgotPassword: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordScreen)),
  resetPassword: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/reset-password').then((m) => m.ResetPasswordScreen)),
  confirmUpdates: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/confirm-updates').then((m) => m.ConfirmUpdatesScreen)),
  verifyEmail: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/verify-email').then((m) => m.VerifyEmailScreen)),
  dashboard: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/dashboard').then((m) => m.DashboardScreen)),
  following: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/following').then((m) => m.FollowingScreen)),
  notifications: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/notifications').then((m) => m.NotificationsScreen)),
  feedback: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/feedback').then((m) => m.FeedbackScreen)),
  adminFeedback: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/admin-feedback').then((m) => m.AdminFeedbackScreen)),
  adminReports: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/admin-reports').then((m) => m.AdminReportsScreen)),
  adminAudit: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/admin-audit').then((m) => m.AdminAuditScreen)),
  adminDomains: import.meta.env.SSR
    ? browserOnly
    : lazyScreen(() => import('./routes/admin-domains').then((m) => m.AdminDomainsScreen)),
  terms: lazyScreen(() => import('./routes/legal').then((m) => m.TermsScreen)),
  privacy: lazyScreen(() => import('./routes/legal').then((m) => m.PrivacyScreen)),
  board: lazyScreen(() => import('./routes/board').then((m) => m.BoardScreen)),
  year: lazyScreen(() => import('./routes/year').then((m) => m.YearScreen)),
  notFound: lazyScreen(() => import('./routes/not-found').then((m) => m.NotFoundScreen)),
};

type ScreenName = keyof typeof screens;

const screenPaths: [path: string, screen: ScreenName][] = [
  ['/', 'landing'],
  ['/discover', 'discover'],
  ['/auth', 'auth'],
  ['/forgot-password', 'forgotPassword'],
  ['/reset-password', 'resetPassword'],
  ['/confirm-updates', 'confirmUpdates'],
  ['/verify-email', 'verifyEmail'],
  ['/dashboard', 'dashboard'],
  ['/following', 'following'],
  ['/notifications', 'notifications'],
  ['/feedback', 'feedback'],
  ['/admin/feedback', 'adminFeedback'],
  ['/admin/reports', 'adminReports'],
  ['/admin/audit', 'adminAudit'],
  ['/admin/domains', 'adminDomains'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  // `/@alice` and `/alice` are the same board; the screen strips the leading @.
  ['/:username', 'board'],
  ['/:username/year/:year', 'year'],
  ['*', 'notFound'],
];

const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: screenPaths.map(([path, name]) => {
      const { Screen } = screens[name];
      return { path, element: <Screen />, id: name };
    }),
  },
];

/** The screens by path; the browser (web/main.tsx) and the server (web/server.tsx) add a router. */
export function AppRoutes() {
  return useRoutes(routes);
}

function routeAt(pathname: string) {
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && { name: match.route.id as ScreenName, params: match.params };
}

/** Fetches the screen `pathname` shows, so a server-rendered page can hydrate in one pass. */
export async function preloadScreen(pathname: string) {
  const route = routeAt(pathname);
  if (route) await screens[route.name].preload();
}

/**
 * What the app shows at `pathname` (decoded): one of its screens, a board (`username` as the
 * path gives it, `@` and all), or Page Not Found, which the board route also draws for a segment
 * that is no board's address (`/no-such-page`).
 */
export function pageAt(
  pathname: string,
): { page: 'screen' } | { page: 'board'; handle: string } | { page: 'not-found' } {
  const route = routeAt(pathname);
  if (!route || route.name === 'notFound') return { page: 'not-found' };
  // Every year the year page can answer is a number of at most 4 digits (the Worker's route).
  if (route.name === 'year' && !/^\d{1,4}$/.test(route.params.year ?? '')) {
    return { page: 'not-found' };
  }
  if (route.name !== 'board') return { page: 'screen' };
  const handle = route.params.username ?? '';
  return isBoardAddress(handle) ? { page: 'board', handle } : { page: 'not-found' };
}
