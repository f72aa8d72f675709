import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './index.css';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { createQueryClient, type SeededQuery, seedQueries } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

/** The data a server-rendered page was drawn from (web/server.tsx), if this page is one. */
function serverState(): SeededQuery[] | undefined {
  const script = document.getElementById('app-state');
  return script?.textContent ? (JSON.parse(script.textContent) as SeededQuery[]) : undefined;
}

const root = document.getElementById('root') as HTMLElement;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const state = serverState();
if (state) {
  seedQueries(queryClient, state);
  await preloadScreen(window.location.pathname);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

registerServiceWorker();
