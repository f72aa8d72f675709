import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createQueryClient } from '../../lib/query-client';
import { answerApi } from '../../test/api-answers';
import { AppProviders } from '../providers';
import { DiscoverScreen } from './discover';

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

// The screen writes the address only while the page is Discover (a search settling after a link
// was followed must not pull the person back), as the browser's address says.
let testerAddress = '';
beforeEach(() => {
  testerAddress = window.location.href;
  window.history.replaceState(window.history.state, '', '/discover');
});
afterEach(() => {
  window.history.replaceState(window.history.state, '', testerAddress);
});

describe('Discover', () => {
  it('keeps a category and a search chosen before the page draws again: both reach the address', async () => {
    answerApi(() => Response.json({ error: 'Not here.' }, { status: 503 }));
    render(
      <MemoryRouter initialEntries={['/discover']}>
        <AppProviders queryClient={createQueryClient()}>
          <DiscoverScreen />
          <Address />
        </AppProviders>
      </MemoryRouter>,
    );
    await page.getByRole('searchbox', { name: 'Search boards' }).fill('ada');
    const form = page.getByRole('searchbox', { name: 'Search boards' }).element().closest('form');
    const learning = page.getByRole('radio', { name: 'Learning' }).element() as HTMLInputElement;
    // A press of a category and Enter on the search in one task: no render comes between them.
    learning.click();
    form?.requestSubmit();
    await expect
      .element(page.getByRole('status', { name: 'Address' }))
      .toHaveTextContent('/discover?category=learning&q=ada');
  });
});
