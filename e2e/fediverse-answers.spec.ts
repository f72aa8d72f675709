import { startFediversePeer } from '../worker/dev/fediverse-peer';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectToast, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

type Sent = { id: string; taken: boolean; error: string | null };

/** The peer's `reader` does `action` to a board (its control routes, on loopback). */
async function peerDoes(origin: string, action: string, body: Record<string, string>) {
  const response = await fetch(`${origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Sent;
}

test('a peer likes and replies to a story; the owner is told, reads the reply, hides it, blocks the server and unblocks it', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'answers' });
  await createBlock(request, owner, { title: 'Piranesi', status: 'done', progress: 100 });
  const board = `${baseURL}/@${owner.username}`;
  const outbox = await request.get(`/fediverse/users/${owner.username}/outbox?cursor=latest`, {
    headers: { accept: 'application/activity+json' },
  });
  const story = ((await outbox.json()) as { orderedItems: { object: { id: string } }[] })
    .orderedItems[0]?.object.id;
  expect(story).toMatch(/\/stories\/\d+$/);
  const peer = await startFediversePeer('rfc9421');
  const peerHost = new URL(peer.origin).host;
  const handle = `@reader@${peerHost}`;
  try {
    const asked = { actor: board, story: story ?? '' };
    expect(await peerDoes(peer.origin, 'like', asked)).toMatchObject({ taken: true });
    expect(
      await peerDoes(peer.origin, 'reply', {
        ...asked,
        content:
          '<p>What a house! <script>alert(1)</script><a href="https://books.example/">More</a></p>',
      }),
    ).toMatchObject({ taken: true });

    await signInWithToken(page, owner);
    // The inbox hands activities to the queue: the notifications come a moment later.
    await expect(async () => {
      await gotoHydrated(page, '/notifications');
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const notices = page.getByRole('main').getByRole('listitem');
    await expect(
      notices.filter({ hasText: `${handle} liked your story: Finished Piranesi` }),
    ).toHaveCount(1);
    await expect(
      notices.filter({ hasText: `${handle} replied to your story: Finished Piranesi` }),
    ).toHaveCount(1);

    await gotoHydrated(page, '/dashboard');
    const answers = page.getByRole('region', { name: 'Likes, Boosts and Replies' });
    const onStory = answers.getByRole('article', { name: 'Finished Piranesi' });
    await expect(onStory).toContainText('1 like · 0 boosts · 1 reply');
    const reply = onStory.getByRole('listitem').filter({ hasText: 'replied' });
    await expect(reply).toContainText('What a house!');
    await expect(reply.getByRole('link', { name: 'More' })).toHaveAttribute(
      'href',
      'https://books.example/',
    );
    // The script the reply carried was never kept.
    expect(await reply.innerHTML()).not.toContain('script');
    await expectNoSeriousA11yViolations(page, 'the dashboard with likes and replies');

    await reply.getByRole('button', { name: `Hide the reply from ${handle}` }).click();
    await expectToast(page, 'Reply hidden');
    await expect(reply).toContainText('You hid this reply.');
    await expect(reply).not.toContainText('What a house!');

    await reply.getByRole('button', { name: `Block ${handle}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Block ${handle}?` });
    await confirm.getByRole('button', { name: 'Block Server' }).click();
    await expectToast(page, 'Server blocked');
    await expect(answers).toContainText(
      'No one on Mastodon or the fediverse has liked, boosted or replied to your stories yet.',
    );
    // From then on, the server's activities are refused.
    const refused = await peerDoes(peer.origin, 'like', asked);
    expect(refused.taken).toBe(false);
    expect(refused.error).toContain('403');

    const blocked = page.getByRole('region', { name: 'Blocked' });
    await blocked.getByRole('button', { name: `Unblock ${peerHost}` }).click();
    const unblock = page.getByRole('alertdialog', { name: `Unblock ${peerHost}?` });
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await expectToast(page, 'Server unblocked');
    await expect(blocked).toContainText(
      "You haven't blocked any account or server of the fediverse.",
    );
    // Its activities are taken again.
    expect(await peerDoes(peer.origin, 'like', asked)).toMatchObject({ taken: true });
  } finally {
    await peer.close();
  }
});
