import { useState } from 'react';
import { Link, type Location, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { type RegisteredAccount, SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useAuth } from '../../lib/auth';
import { appAtOnceAttribute } from '../../lib/page-actions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';
import { ScreenFallback } from '../layout/site-layout';

type AuthTab = 'signup' | 'signin';

/** Where to go once signed in: the page that sent the user here (the dashboard guard), or home. */
function destinationAfterSignIn(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (typeof from?.pathname !== 'string' || from.pathname === '/auth') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function AuthScreen() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [registered, setRegistered] = useState<RegisteredAccount | undefined>();
  const hydrated = useHydrated();
  const tab: AuthTab = searchParams.get('tab') === 'signin' ? 'signin' : 'signup';

  useDocumentTitle(tab === 'signin' ? 'Sign In' : 'Sign Up');

  // Signing in re-renders this screen with a user, which is what sends them on.
  if (user) {
    return (
      <Navigate
        to={destinationAfterSignIn(location.state)}
        state={registered ? { firstSignIn: true } : undefined}
        replace
      />
    );
  }
  if (isLoading) return <ScreenFallback />;

  const showTab = (next: AuthTab) =>
    setSearchParams(next === 'signin' ? { tab: 'signin' } : {}, {
      replace: true,
      state: location.state,
    });

  return (
    // Drawn by the server too, but only the app signs anyone in: it starts with the page.
    <main
      className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16"
      {...{ [appAtOnceAttribute]: '' }}
    >
      <div className="mb-6 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-violet-700">Up2</h1>
        <p className="mt-2 text-gray-700">Share what you're up to these days</p>
      </div>
      <noscript>
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Signing up and signing in need JavaScript. Please turn it on for this site, then reload
          the page.
        </p>
      </noscript>
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        {/* Manual activation: Tab passes over "Sign In" to the Sign Up fields; Enter or Space switches. */}
        <Tabs
          value={tab}
          onValueChange={(value) => showTab(value as AuthTab)}
          activationMode="manual"
        >
          <TabsList layout="grid" className="w-full grid-cols-2">
            {/* Both tabs take Tab focus too: people who never try the arrow keys still reach Sign In. */}
            <TabsTrigger value="signup" tabIndex={0} disabled={!hydrated}>
              Sign Up
            </TabsTrigger>
            <TabsTrigger value="signin" tabIndex={0} disabled={!hydrated}>
              Sign In
            </TabsTrigger>
          </TabsList>
          <TabsContent value="signup" className="mt-6">
            <SignUpForm
              onRegistered={(account) => {
                setRegistered(account);
                showTab('signin');
              }}
            />
          </TabsContent>
          <TabsContent value="signin" className="mt-6">
            <SignInForm key={registered?.username} registered={registered} />
          </TabsContent>
        </Tabs>
      </div>
      <p className="mt-6 text-center text-xs text-gray-600">
        By continuing, you agree to our{' '}
        <Link to="/terms" className="font-medium text-violet-700 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="font-medium text-violet-700 underline">
          Privacy Policy
        </Link>
      </p>
    </main>
  );
}
