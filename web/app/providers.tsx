import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { AuthProvider } from '../lib/auth';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
