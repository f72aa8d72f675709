import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import type { FediverseBlock } from '../api/get-fediverse-blocked';
import { FediverseBlockedCard } from './fediverse-blocked-card';

const server: FediverseBlock = { id: 7, kind: 'server', label: 'spam.example', at: 1_770_000_000 };
const account: FediverseBlock = {
  id: 6,
  kind: 'account',
  label: '@troll@social.example',
  at: 1_760_000_000,
};

/** The server: GET lists `blocked`, DELETE of one lifts it and answers `{ unblocked: true }`. */
function serveBlocked(blocked: FediverseBlock[]) {
  let listed = [...blocked];
  return answerApi(({ method, path }) => {
    const lifted = path.match(/^\/api\/fediverse\/blocked\/(\d+)$/)?.[1];
    if (method === 'DELETE' && lifted) {
      listed = listed.filter((block) => block.id !== Number(lifted));
      return Response.json({ unblocked: true });
    }
    if (path === '/api/fediverse/blocked') return Response.json({ blocked: listed });
    return Response.json({ error: 'Not here.' }, { status: 404 });
  });
}

/** The card's list itself: a notification may name a blocked account too. */
const listed = (text: string) =>
  page.getByRole('region', { name: 'Blocked' }).getByRole('list').getByText(text, { exact: true });

const unblockButton = (label: string) =>
  page.getByRole('button', { name: `Unblock ${label}`, exact: true });

describe('the blocked accounts and servers card', () => {
  it('lists each blocked account and server', async () => {
    serveBlocked([server, account]);
    await renderInApp(<FediverseBlockedCard />);
    await expect.element(listed('spam.example')).toBeVisible();
    await expect.element(listed('Server')).toBeVisible();
    await expect.element(listed('@troll@social.example')).toBeVisible();
    await expect.element(listed('Account')).toBeVisible();
  });

  it('says so when nothing is blocked', async () => {
    serveBlocked([]);
    await renderInApp(<FediverseBlockedCard />);
    await expect
      .element(page.getByText("You haven't blocked any account or server of the fediverse."))
      .toBeVisible();
  });

  it('unblocks once the owner confirms, and sends nothing when they cancel', async () => {
    const calls = serveBlocked([server, account]);
    await renderInApp(<FediverseBlockedCard />);

    await unblockButton('spam.example').click();
    const dialog = page.getByRole('alertdialog', { name: 'Unblock spam.example?' });
    await expect
      .element(dialog.getByText(/everyone on spam\.example may follow your board/))
      .toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);

    await unblockButton('spam.example').click();
    await page.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect.element(listed('spam.example')).not.toBeInTheDocument();
    await expect.element(listed('@troll@social.example')).toBeVisible();
    await expect.element(page.getByText('Server unblocked')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      '/api/fediverse/blocked/7',
    ]);
  });

  it('tells the owner when unblocking fails, and keeps the block listed', async () => {
    answerApi(({ method }) =>
      method === 'DELETE'
        ? Response.json({ error: 'Block not found.' }, { status: 404 })
        : Response.json({ blocked: [account] }),
    );
    await renderInApp(<FediverseBlockedCard />);
    await unblockButton('@troll@social.example').click();
    await page.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect.element(page.getByText('Block not found.')).toBeVisible();
    await expect.element(listed('@troll@social.example')).toBeVisible();
  });
});
