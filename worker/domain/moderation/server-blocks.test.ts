import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import {
  apiClient,
  blockPayload,
  createUser,
  moderatorUser,
  readJson,
  type TestUser,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay, peers } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;
const peer = peers.rfc9421;
const peerHost = new URL(peer.origin).hostname;

async function peerCall(action: string, owner: TestUser) {
  const response = await fetch(`${peer.origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify({ actor: actorOf(owner) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<{ status?: number }>();
}

const received = async (): Promise<ReceivedActivity[]> =>
  (await fetch(`${peer.origin}/__peer/received`)).json();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never came: ${JSON.stringify(await read())}`);
}

async function followersOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).fediverse.followers.$get());
  if (answer.status !== 200) throw new Error(`followers: ${answer.status}`);
  return answer.body.followers;
}

/**
 * Blocks the peers' server (both peers are on one loopback host) for the length of `during`, then
 * lifts the block: the tests of this file share the database.
 */
async function whileServerBlocked(kind: 'suspend' | 'limit', during: () => Promise<void>) {
  const moderator = await moderatorUser();
  const domains = apiClient({ token: moderator.token }).admin.domains;
  const answer = await readJson(
    domains.$post({ json: { host: peerHost, kind, note: `A hostile server: ${kind}` } }),
  );
  if (answer.status !== 201) throw new Error(`domain block: ${answer.status}`);
  try {
    await during();
  } finally {
    const id = String(answer.body.domainBlock.id);
    expect((await domains[':id'].$delete({ param: { id } })).status).toBe(200);
  }
}

async function addBlock(owner: TestUser, title: string) {
  const created = await readJson(
    apiClient({ token: owner.token, origin: relay }).blocks.$post({
      json: blockPayload({ title }),
    }),
  );
  expect(created.status).toBe(201);
}

const storiesOf = async (owner: TestUser) =>
  (await received()).filter(
    (activity) => activity.type === 'Create' && activity.actor === actorOf(owner),
  );

describe('a server the instance blocks', () => {
  it('suspended: its follows are removed, its signed activities refused (403), and it is sent nothing', async () => {
    const owner = await createUser();
    const watcher = await createUser();
    await peerCall('follow', owner);
    await peerCall('follow', watcher);
    await until(
      async () => (await followersOf(owner)).length + (await followersOf(watcher)).length,
      (count) => count === 2,
    );
    // Delivered to before the suspension: the way a story reaches the peer is open.
    await addBlock(watcher, 'Before the suspension');
    await until(
      () => storiesOf(watcher),
      (stories) => stories.length > 0,
    );

    await whileServerBlocked('suspend', async () => {
      expect(await followersOf(owner)).toEqual([]);
      const refused = await peerCall('follow-embedded', owner);
      expect(refused.status).toBe(403);
      expect(await followersOf(owner)).toEqual([]);

      await addBlock(watcher, 'After the suspension');
      // The queue has had the time it took to deliver the story before.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await storiesOf(watcher)).length).toBe(1);
    });
  }, 60_000);

  it('limited: its follow waits for the owner, unanswered', async () => {
    const owner = await createUser();
    await whileServerBlocked('limit', async () => {
      await peerCall('follow', owner);
      const [follower] = await until(
        () => followersOf(owner),
        (followers) => followers.length === 1,
      );
      expect(follower?.waiting).toBe(true);
      const accepts = (await received()).filter(
        (activity) => activity.type === 'Accept' && activity.actor === actorOf(owner),
      );
      expect(accepts).toEqual([]);
    });
  }, 60_000);
});
