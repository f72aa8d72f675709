import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render } from 'vitest-browser-react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Draws `ui` inside the app's own providers (React Query, the session, the toasts) and a router. */
export function renderInApp(ui: ReactNode) {
  return render(
    <MemoryRouter>
      <AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>
    </MemoryRouter>,
  );
}
