import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';

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

  it('removes a follower for the board’s owner, and finds no other board’s follower', async () => {
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
