import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';

// Each screen is its own chunk, fetched when its route is first visited. The declarative router
// is half the size of the data router, and the screens load their own data with React Query.
const LandingScreen = lazy(() =>
  import('./routes/landing').then((m) => ({ default: m.LandingScreen })),
);
const DiscoverScreen = lazy(() =>
  import('./routes/discover').then((m) => ({ default: m.DiscoverScreen })),
);
const AuthScreen = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthScreen })));
const ForgotPasswordScreen = lazy(() =>
  import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordScreen })),
);
const DashboardScreen = lazy(() =>
  import('./routes/dashboard').then((m) => ({ default: m.DashboardScreen })),
);
const FeedbackScreen = lazy(() =>
  import('./routes/feedback').then((m) => ({ default: m.FeedbackScreen })),
);
const AdminFeedbackScreen = lazy(() =>
  import('./routes/admin-feedback').then((m) => ({ default: m.AdminFeedbackScreen })),
);
const BoardScreen = lazy(() => import('./routes/board').then((m) => ({ default: m.BoardScreen })));
const NotFoundScreen = lazy(() =>
  import('./routes/not-found').then((m) => ({ default: m.NotFoundScreen })),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route path="/" element={<LandingScreen />} />
          <Route path="/discover" element={<DiscoverScreen />} />
          <Route path="/auth" element={<AuthScreen />} />
          <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
          <Route path="/reset-password" element={<ResetPasswordScreen />} />
          <Route path="/dashboard" element={<DashboardScreen />} />
          <Route path="/feedback" element={<FeedbackScreen />} />
          <Route path="/admin/feedback" element={<AdminFeedbackScreen />} />
          {/* `/@alice` and `/alice` are the same board; the screen strips the leading @. */}
          <Route path="/:username" element={<BoardScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
