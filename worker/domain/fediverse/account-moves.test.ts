import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import { createUser, fetchSettled, type TestUser, withAppShell } from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay, peers } = inject('fediverse');
const peer = peers.rfc9421;
const peerHost = new URL(peer.origin).host;
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;
const peerAccount = (name: string) => `${peer.origin}/users/${name}`;

function patchProfile(owner: TestUser, body: unknown) {
  return exports.default.fetch(
    new Request(new URL('/api/fediverse/profile', relay), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function actor(owner: TestUser) {
  const answer = await exports.default.fetch(
    new Request(new URL(`/@${owner.username}`, relay), {
      headers: { accept: 'application/activity+json' },
    }),
  );
  return answer.json<Record<string, unknown>>();
}

async function peerCall(action: string, body: unknown) {
  const response = await fetch(`${peer.origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function receivedBy(matches: (activity: ReceivedActivity) => boolean) {
  for (let tries = 0; tries < 100; tries++) {
    const all: ReceivedActivity[] = await (await fetch(`${peer.origin}/__peer/received`)).json();
    const found = all.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The peer received no such activity');
}

describe('moving a board’s fediverse account in and out', { timeout: 40_000 }, () => {
  it('names the accounts the owner had, by handle or address, each found first, as alsoKnownAs', async () => {
    const owner = await createUser();
    const saved = await patchProfile(owner, {
      alsoKnownAs: [`@reader@${peerHost}`, peerAccount('reader-1')],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const known = [peerAccount('reader'), peerAccount('reader-1')];
    expect(await saved.json()).toEqual({ alsoKnownAs: known, movedTo: null });
    expect((await actor(owner)).alsoKnownAs).toEqual(known);

    const unknown = await patchProfile(owner, { alsoKnownAs: [`@nobody@${peerHost}`] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      fields: { 'alsoKnownAs.0': `${peerHost} has no account @nobody.` },
    });
    const notAnActor = await patchProfile(owner, { alsoKnownAs: [`${peer.origin}/nothing-here`] });
    expect(notAnActor.status).toBe(400);
    expect((await actor(owner)).alsoKnownAs).toEqual(known);
  });

  it('moves out only to an account that names the board, and sends every follower a Move', async () => {
    const owner = await createUser();
    await peerCall('follow', { actor: actorOf(owner) });
    await receivedBy((activity) => activity.type === 'Accept' && activity.actor === actorOf(owner));

    const unclaimed = await patchProfile(owner, { movedTo: `@reader-2@${peerHost}` });
    expect(unclaimed.status).toBe(409);
    expect(await unclaimed.json()).toMatchObject({
      fields: { movedTo: expect.stringContaining(actorOf(owner)) },
    });
    expect((await actor(owner)).movedTo).toBeUndefined();

    await peerCall('also-known-as', { as: 'reader-2', aliases: [actorOf(owner)] });
    const moved = await patchProfile(owner, { movedTo: `@reader-2@${peerHost}` });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await actor(owner)).movedTo).toBe(peerAccount('reader-2'));
    const move = await receivedBy(
      (activity) => activity.type === 'Move' && activity.actor === actorOf(owner),
    );
    expect(move.posted).toMatchObject({ object: actorOf(owner), target: peerAccount('reader-2') });
  });
});

const appShell = withAppShell(
  '<!doctype html><html lang="en"><head><title>Up2</title></head><body><div id="root"></div></body></html>',
);

/** What a visitor reads where the board shows: its page, its embed, its API answer. */
async function boardAsShown(owner: TestUser) {
  const read = async (path: string) =>
    (await fetchSettled(new Request(new URL(path, relay)), appShell.env)).text();
  const api = await fetchSettled(new Request(new URL(`/api/boards/${owner.username}`, relay)));
  const { board } = await api.json<{ board: { movedTo: unknown } }>();
  // React parts adjacent text with empty comments.
  const text = (html: string) => html.replaceAll('<!-- -->', '');
  return {
    page: text(await read(`/@${owner.username}`)),
    embed: text(await read(`/embed/@${owner.username}`)),
    movedTo: board.movedTo,
  };
}

describe('a board whose fediverse account moved out', { timeout: 40_000 }, () => {
  it('says where it moved on its page, its embed and its API answer, and nothing before', async () => {
    const owner = await createUser();
    const before = await boardAsShown(owner);
    expect(before.movedTo).toBeNull();
    expect(before.page).toContain(`/@${owner.username}`);
    expect(before.page).not.toContain('has moved');
    expect(before.embed).not.toContain('has moved');

    await peerCall('also-known-as', { as: 'reader-3', aliases: [actorOf(owner)] });
    const moved = await patchProfile(owner, { movedTo: peerAccount('reader-3') });
    expect(moved.status, await moved.clone().text()).toBe(200);

    const after = await boardAsShown(owner);
    const handle = `@reader-3@${peerHost}`;
    expect(after.movedTo).toEqual({ name: handle, url: peerAccount('reader-3') });
    const notice = `This board has moved to <a href="${peerAccount('reader-3')}"`;
    expect(after.page).toContain(notice);
    expect(after.page).toContain(`>${handle}</a>.`);
    expect(after.embed).toContain(`${notice} target="_blank" rel="noopener"`);
  });
});

describe('a former account moving here', { timeout: 90_000 }, () => {
  it('lets in at once its followers’ follows past one server’s hourly limit', async () => {
    const owner = await createUser();
    const saved = await patchProfile(owner, { alsoKnownAs: [peerAccount('reader-99')] });
    expect(saved.status).toBe(200);
    const move = await fetch(`${peer.origin}/__peer/move`, {
      method: 'POST',
      body: JSON.stringify({ actor: actorOf(owner), as: 'reader-99' }),
    });
    expect(move.status).toBe(200);
    // Mastodon's followers follow once the Move is taken: wait for our inbox to have handled it.
    for (let tries = 0; tries < 100; tries++) {
      const row = await env.DB.prepare(
        'SELECT moved_in_at FROM fediverse_account_moves WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      )
        .bind(owner.username)
        .first<{ moved_in_at: number | null }>();
      if (row?.moved_in_at) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const followers = Array.from({ length: 21 }, (_, n) => `reader-${100 + n}`);
    await Promise.all(followers.map((as) => peerCall('follow', { actor: actorOf(owner), as })));
    for (let tries = 0; tries < 100; tries++) {
      const list = await exports.default.fetch(
        new Request(new URL('/api/fediverse/followers', relay), {
          headers: { authorization: `Bearer ${owner.token}` },
        }),
      );
      const { followers: rows } = await list.json<{ followers: { waiting: boolean }[] }>();
      if (rows.length === followers.length) {
        expect(rows.filter((row) => row.waiting)).toEqual([]);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('The follows never all arrived');
  });
});
