import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import type { Source } from '../api/sources';
import { SourcesCard } from './sources-card';

const diary: Source = {
  id: 4,
  url: 'https://letterboxd.com/ada/rss/',
  kind: 'letterboxd',
  title: "Ada's diary",
  state: 'ok',
  lastCheckedAt: Date.UTC(2026, 10, 26, 9, 30),
  blocksMade: 12,
  options: { shelves: ['done'], startHidden: false, blockPerItem: false },
};

const button = (name: string) => page.getByRole('button', { name, exact: true });
const sourceRow = (title: string) =>
  page.getByRole('list', { name: 'Your sources' }).getByRole('listitem').filter({ hasText: title });

describe('the Sources card on the dashboard', () => {
  it('shows each source with its state, last check and blocks made', async () => {
    answerApi(() =>
      Response.json({
        sources: [
          diary,
          {
            ...diary,
            id: 5,
            kind: 'feed',
            title: 'My blog',
            state: 'failing',
            lastError: 'The feed answered 503 three times in a row.',
            blocksMade: 1,
          },
          {
            ...diary,
            id: 6,
            kind: 'goodreads',
            title: 'Shelf',
            state: 'paused',
            lastCheckedAt: null,
          },
        ],
      }),
    );
    await renderInApp(<SourcesCard onAdd={vi.fn()} />);
    await expect.element(sourceRow("Ada's diary")).toMatchTextContent(/Letterboxd diary.*OK/);
    await expect.element(sourceRow("Ada's diary")).toMatchTextContent(/Last checked Nov 26, 2026/);
    await expect.element(sourceRow("Ada's diary")).toMatchTextContent('12 blocks made');
    await expect
      .element(sourceRow('My blog'))
      .toMatchTextContent(/Failing.*The feed answered 503 three times in a row\./);
    await expect.element(sourceRow('Shelf')).toMatchTextContent(/Paused.*Not checked yet/);
    await expect.element(sourceRow('Shelf').getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect
      .element(sourceRow('Shelf').getByRole('button', { name: 'Check now' }))
      .toBeDisabled();
  });

  it('"Check now" says what it found, and the refusal in its own words when asked too soon', async () => {
    let checks = 0;
    const calls = answerApi(({ method }) => {
      if (method === 'GET') return Response.json({ sources: [diary] });
      checks += 1;
      if (checks === 1) {
        return Response.json({ source: diary, made: 2, moved: 1, unchanged: false });
      }
      return Response.json(
        { error: 'This source was checked less than a minute ago. Try again in a minute.' },
        { status: 429 },
      );
    });
    await renderInApp(<SourcesCard onAdd={vi.fn()} />);
    await sourceRow("Ada's diary").getByRole('button', { name: 'Check now' }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Checked: 2 blocks made, 1 block moved.');
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/api/sources/4/check');

    await sourceRow("Ada's diary").getByRole('button', { name: 'Check now' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('This source was checked less than a minute ago. Try again in a minute.');
  });

  it('pauses and removes a source, saying its blocks stay', async () => {
    let sources = [diary];
    const calls = answerApi(({ method, body }) => {
      if (method === 'GET') return Response.json({ sources });
      if (method === 'PATCH') {
        sources = [{ ...diary, state: (body as { paused: boolean }).paused ? 'paused' : 'ok' }];
        return Response.json({ source: sources[0] });
      }
      sources = [];
      return Response.json({ deleted: true });
    });
    const onAdd = vi.fn();
    await renderInApp(<SourcesCard onAdd={onAdd} />);
    await sourceRow("Ada's diary").getByRole('button', { name: 'Pause' }).click();
    await expect.element(sourceRow("Ada's diary")).toMatchTextContent('Paused');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ paused: true });

    await sourceRow("Ada's diary").getByRole('button', { name: 'Remove' }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent("Ada's diary removed. Its blocks stay on your board.");
    await expect.element(page.getByRole('list', { name: 'Your sources' })).not.toBeInTheDocument();

    await button('Add a source').click();
    expect(onAdd).toHaveBeenCalledOnce();
  });
});
