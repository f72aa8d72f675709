import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import type { FediverseFollower } from '../api/get-fediverse-followers';
import { FediverseFollowersCard } from './fediverse-followers-card';

const ada: FediverseFollower = {
  id: 3,
  handle: '@ada@social.example',
  name: 'Ada',
  avatarUrl: '/api/images/followers/7/2f1c9a4e-8d3b-4c5a-9e6f-1a2b3c4d5e6f.png',
  waiting: false,
  followedAt: 1_760_000_000_000,
};
const bob: FediverseFollower = {
  id: 4,
  handle: '@bob@toot.example',
  name: null,
  // Another server's picture (a row from before pictures were copied): never loaded from there.
  avatarUrl: 'https://toot.example/avatars/bob.png',
  waiting: false,
  followedAt: 1_750_000_000_000,
};
// One of many follows her server sent at once: she waits for the owner's approval.
const cy: FediverseFollower = {
  id: 5,
  handle: '@cy@flood.example',
  name: 'Cy',
  avatarUrl: null,
  waiting: true,
  followedAt: 1_770_000_000_000,
};

/**
 * The server: GET lists `followers`, DELETE of one removes it and answers `{ removed: true }`,
 * POST …/approve lets one in and answers `{ approved: true }`.
 */
function serveFollowers(followers: FediverseFollower[]) {
  let listed = [...followers];
  return answerApi(({ method, path }) => {
    const removed = path.match(/^\/api\/fediverse\/followers\/(\d+)$/)?.[1];
    if (method === 'DELETE' && removed) {
      listed = listed.filter((follower) => follower.id !== Number(removed));
      return Response.json({ removed: true });
    }
    const approved = path.match(/^\/api\/fediverse\/followers\/(\d+)\/approve$/)?.[1];
    if (method === 'POST' && approved) {
      listed = listed.map((follower) =>
        follower.id === Number(approved) ? { ...follower, waiting: false } : follower,
      );
      return Response.json({ approved: true });
    }
    if (path === '/api/fediverse/followers') return Response.json({ followers: listed });
    return Response.json({ error: 'Not here.' }, { status: 404 });
  });
}

/** The list itself: a notification may name a handle too. */
const listed = (text: string) => page.getByRole('list').getByText(text, { exact: true });

const removeButton = (handle: string) =>
  page.getByRole('button', { name: `Remove ${handle}`, exact: true });

describe('the fediverse followers card', () => {
  it('lists each follower by name, handle and picture', async () => {
    serveFollowers([ada, bob]);
    const screen = await renderInApp(<FediverseFollowersCard />);

    await expect.element(page.getByText('@ada@social.example')).toBeVisible();
    await expect.element(page.getByText('Ada', { exact: true })).toBeVisible();
    await expect.element(page.getByText('@bob@toot.example')).toBeVisible();
    const picture = screen.container.querySelector<HTMLElement>('[role="img"][aria-label="Ada"]');
    expect(picture?.innerHTML).toContain(ada.avatarUrl);
    // A follower whose server gives no name, and whose picture we hold no copy of, is pictured by
    // their handle's first letter.
    await expect
      .element(page.getByRole('img', { name: 'bob@toot.example' }))
      .toHaveTextContent('B');
  });

  it('says so when no one follows from the fediverse', async () => {
    serveFollowers([]);
    await renderInApp(<FediverseFollowersCard />);
    await expect
      .element(page.getByText('No one follows your board from Mastodon or the fediverse yet.'))
      .toBeVisible();
  });

  it('removes a follower once the owner confirms, and sends nothing when they cancel', async () => {
    const calls = serveFollowers([ada, bob]);
    await renderInApp(<FediverseFollowersCard />);

    await removeButton('@ada@social.example').click();
    await expect
      .element(
        page.getByRole('alertdialog', { name: 'Remove @ada@social.example from your followers?' }),
      )
      .toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);

    await removeButton('@ada@social.example').click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.element(listed('@ada@social.example')).not.toBeInTheDocument();
    await expect.element(listed('@bob@toot.example')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      '/api/fediverse/followers/3',
    ]);
  });

  it('marks a follow waiting for approval, and Approve lets it in', async () => {
    const calls = serveFollowers([cy, ada]);
    await renderInApp(<FediverseFollowersCard />);
    await expect.element(page.getByText('Waiting for your approval')).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: 'Approve @ada@social.example' }))
      .not.toBeInTheDocument();

    await page.getByRole('button', { name: 'Approve @cy@flood.example' }).click();
    await expect.element(page.getByText('Waiting for your approval')).not.toBeInTheDocument();
    await expect.element(listed('@cy@flood.example')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST').map(({ path }) => path)).toEqual([
      '/api/fediverse/followers/5/approve',
    ]);
  });

  it('tells the owner when the removal fails, and keeps the follower', async () => {
    answerApi(({ method }) =>
      method === 'DELETE'
        ? Response.json({ error: 'Fediverse follower not found.' }, { status: 404 })
        : Response.json({ followers: [ada] }),
    );
    await renderInApp(<FediverseFollowersCard />);
    await removeButton('@ada@social.example').click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.element(page.getByText('Fediverse follower not found.')).toBeVisible();
    await expect.element(listed('@ada@social.example')).toBeVisible();
  });
});
