import { createBrowserRouter } from 'react-router-dom';
import { ScreenFallback, SiteLayout } from '../components/layout/site-layout';

/** Each screen is its own chunk, fetched when its route is first visited. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    hydrateFallbackElement: <ScreenFallback />,
    children: [
      {
        path: '/',
        lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingScreen })),
      },
      {
        path: '/discover',
        lazy: () => import('./routes/discover').then((m) => ({ Component: m.DiscoverScreen })),
      },
      {
        path: '/auth',
        lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthScreen })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordScreen })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordScreen })),
      },
      {
        path: '/dashboard',
        lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardScreen })),
      },
      {
        path: '/feedback',
        lazy: () => import('./routes/feedback').then((m) => ({ Component: m.FeedbackScreen })),
      },
      {
        path: '/admin/feedback',
        lazy: () =>
          import('./routes/admin-feedback').then((m) => ({ Component: m.AdminFeedbackScreen })),
      },
      // `/@alice` and `/alice` are the same board; the screen strips the leading @.
      {
        path: '/:username',
        lazy: () => import('./routes/board').then((m) => ({ Component: m.BoardScreen })),
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundScreen })),
      },
    ],
  },
  {
    path: '/embed/:username',
    hydrateFallbackElement: <ScreenFallback />,
    lazy: () => import('./routes/embed').then((m) => ({ Component: m.EmbedScreen })),
  },
]);
