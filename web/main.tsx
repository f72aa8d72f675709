import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './index.css';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { createQueryClient, type SeededQuery, seedQueries } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

/**
 * The data a server-rendered page was drawn from (web/server.tsx), if this page is one: in the
 * page, and, for a board, at the address its `data-source` names (fetched now, as the app starts:
 * readers who never start it never load it). Unreachable, the screen draws anew from the API.
 */
async function serverState(): Promise<SeededQuery[] | undefined> {
  const script = document.getElementById('app-state');
  if (!script?.textContent) return undefined;
  const inPage = JSON.parse(script.textContent) as SeededQuery[];
  const source = script.dataset.source;
  if (!source) return inPage;
  try {
    const fetched = await fetch(source);
    if (!fetched.ok) return undefined;
    return [...((await fetched.json()) as SeededQuery[]), ...inPage];
  } catch {
    return undefined;
  }
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

const state = await serverState();
if (state) {
  seedQueries(queryClient, state);
  await preloadScreen(window.location.pathname);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

registerServiceWorker();
