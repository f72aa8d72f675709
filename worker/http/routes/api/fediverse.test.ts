import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { OutsidePage } from '../../../dev/outside-site';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';
import { serveAt } from '../../../test/outside-site';

// The stand-in site on loopback: a Reject sent to these followers goes nowhere else.
const remote = inject('outsideSite');

/** A follower as the inbox stores one once its server's Follow is accepted. */
async function storeRemoteFollower(owner: TestUser, name: string) {
  const actor = `${remote}/users/${name}`;
  const row = await env.DB.prepare(
    `INSERT INTO fediverse_followers (user_id, actor_id, follow_id, inbox, shared_inbox, handle, name, avatar_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      owner.id,
      actor,
      `${actor}#follow`,
      `${actor}/inbox`,
      `${remote}/inbox`,
      `@${name}@${new URL(remote).host}`,
      `Name ${name}`,
      null,
    )
    .first<{ id: number }>();
  if (!row) throw new Error('no follower stored');
  return row.id;
}

const followersOf = (owner: TestUser) =>
  readJson(apiClient({ token: owner.token }).fediverse.followers.$get());

describe('fediverse followers', () => {
  it('lists the board owner’s followers from other servers, latest first, to the owner only', async () => {
    const owner = await createUser();
    const other = await createUser();
    await storeRemoteFollower(owner, 'first');
    await storeRemoteFollower(owner, 'second');
    const answer = await followersOf(owner);
    expectStatus(answer, 200);
    expect(answer.body.followers.map((f) => f.handle).sort()).toEqual([
      `@first@${new URL(remote).host}`,
      `@second@${new URL(remote).host}`,
    ]);
    expect(answer.body.followers[0]).toMatchObject({ name: expect.any(String), avatarUrl: null });
    const others = await followersOf(other);
    expectStatus(others, 200);
    expect(others.body.followers).toEqual([]);
    expect((await readJson(apiClient().fediverse.followers.$get())).status).toBe(401);
  });

  it('counts fediverse followers in the dashboard’s follower number', async () => {
    const owner = await createUser();
    const fan = await createUser();
    await apiClient({ token: fan.token }).follows[':username'].$post({
      param: { username: owner.username },
    });
    await storeRemoteFollower(owner, 'counted');
    const analytics = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
    expectStatus(analytics, 200);
    expect(analytics.body.followers).toBe(2);
  });

  // The removal's Reject is the file's first use of Fedify, whose code loads then: seconds on a
  // busy machine.
  it('removes a follower for the board’s owner, and finds no other board’s follower', {
    timeout: 30_000,
  }, async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = await storeRemoteFollower(owner, 'removed');
    const remove = (user: TestUser) =>
      readJson(
        apiClient({ token: user.token }).fediverse.followers[':id'].$delete({
          param: { id: String(id) },
        }),
      );
    expect((await remove(other)).status).toBe(404);
    const removed = await remove(owner);
    expectStatus(removed, 200);
    expect(removed.body).toEqual({ removed: true });
    expect((await remove(owner)).status).toBe(404);
    const answer = await followersOf(owner);
    expectStatus(answer, 200);
    expect(answer.body.followers).toEqual([]);
  });
});

describe('following a board from your own server', () => {
  const remoteHost = new URL(remote).host;
  const follow = (username: string, handle: string) =>
    readJson(apiClient().fediverse['remote-follow'].$post({ json: { username, handle } }));

  /** Their server's WebFinger answer, as the stand-in site gives it to any account. */
  const answerWebFinger = (page: OutsidePage) => serveAt('/.well-known/webfinger', page);

  it("sends the visitor to their server's page for following, naming the board", async () => {
    const owner = await createUser();
    await answerWebFinger({
      headers: { 'content-type': 'application/jrd+json' },
      body: JSON.stringify({
        subject: `acct:ana@${remoteHost}`,
        links: [
          { rel: 'self', type: 'application/activity+json', href: `${remote}/users/ana` },
          {
            rel: 'http://ostatus.org/schema/1.0/subscribe',
            template: `${remote}/authorize_interaction?uri={uri}`,
          },
        ],
      }),
    });
    const answer = await follow(owner.username, ` @ana@${remoteHost} `);
    expectStatus(answer, 200);
    const actor = `http://up2.test/@${owner.username}`;
    expect(answer.body.url).toBe(
      `${remote}/authorize_interaction?uri=${encodeURIComponent(actor)}`,
    );
  });

  it('says when their server has no such account, or no page for following', async () => {
    const owner = await createUser();
    await answerWebFinger({ status: 404, body: 'Not Found' });
    expect(await follow(owner.username, `@nobody@${remoteHost}`)).toMatchObject({
      status: 404,
      body: { error: `${remoteHost} has no account @nobody.` },
    });

    await answerWebFinger({
      headers: { 'content-type': 'application/jrd+json' },
      body: JSON.stringify({ subject: `acct:ana@${remoteHost}`, links: [] }),
    });
    expect(await follow(owner.username, `ana@${remoteHost}`)).toMatchObject({
      status: 422,
      body: {
        error: `${remoteHost} does not offer following from another site: copy the handle and search for it there.`,
      },
    });
  });

  it('refuses a handle that is not one, and a board no one may see', async () => {
    const owner = await createUser();
    expect(await follow(owner.username, 'ana')).toMatchObject({
      status: 400,
      body: { error: 'Type your handle as @name@your.server, as your server shows it.' },
    });
    expect(await follow(owner.username, '')).toMatchObject({
      status: 400,
      body: { fields: { handle: 'Type your handle, like @you@mastodon.social.' } },
    });
    expect(await follow('no-such-board', `@ana@${remoteHost}`)).toMatchObject({ status: 404 });
  });
});
