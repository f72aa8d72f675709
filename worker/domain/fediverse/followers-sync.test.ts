import { exports } from 'cloudflare:workers';
import { digest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import { apiClient, blockPayload, createUser, readJson, type TestUser } from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay, peers } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;
const followersOf = (owner: TestUser) => `${relay}/fediverse/users/${owner.username}/followers`;

async function peerCall(peer: { origin: string }, action: string, body: unknown) {
  const response = await fetch(`${peer.origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<{ status: number; body: { orderedItems?: string[] } | null }>();
}

async function receivedBy(
  peer: { origin: string },
  matches: (activity: ReceivedActivity) => boolean,
): Promise<ReceivedActivity> {
  for (let tries = 0; tries < 100; tries++) {
    const all: ReceivedActivity[] = await (await fetch(`${peer.origin}/__peer/received`)).json();
    const found = all.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The peer received no such activity');
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('followers that stay in step (FEP-8fcf)', { timeout: 40_000 }, () => {
  it('sends each server, with a story, the digest of its followers and the partial collection that lists them', async () => {
    const owner = await createUser();
    const peer = peers.rfc9421;
    await peerCall(peer, 'follow', { actor: actorOf(owner) });
    await peerCall(peer, 'follow', { actor: actorOf(owner), as: 'reader-1' });
    for (const account of ['reader', 'reader-1']) {
      await receivedBy(
        peer,
        (activity) =>
          activity.type === 'Accept' &&
          activity.actor === actorOf(owner) &&
          JSON.stringify(activity.object).includes(`/users/${account}"`),
      );
    }
    const client = apiClient({ token: owner.token, origin: relay });
    expect((await readJson(client.blocks.$post({ json: blockPayload() }))).status).toBe(201);
    const create = await receivedBy(
      peer,
      (activity) => activity.type === 'Create' && activity.actor === actorOf(owner),
    );
    const accounts = [`${peer.origin}/users/reader`, `${peer.origin}/users/reader-1`];
    const partial = `${followersOf(owner)}?base-url=${encodeURIComponent(`${peer.origin}/`)}`;
    expect(create.collectionSynchronization).toBe(
      `collectionId="${followersOf(owner)}", url="${partial}", digest="${hex(await digest(accounts))}"`,
    );

    const signed = await peerCall(peer, 'signed-get', { url: partial });
    expect(signed.status).toBe(200);
    expect(signed.body?.orderedItems?.toSorted()).toEqual(accounts);
  });

  it('lets only the server it lists read a partial collection, by a signed request', async () => {
    const owner = await createUser();
    const partial = `/fediverse/users/${owner.username}/followers?base-url=${encodeURIComponent(`${peers.rfc9421.origin}/`)}`;
    const unsigned = await exports.default.fetch(
      new Request(new URL(partial, relay), { headers: { accept: 'application/activity+json' } }),
    );
    expect(unsigned.status).toBe(401);
    const otherServer = await peerCall(peers.cavage, 'signed-get', { url: `${relay}${partial}` });
    expect(otherServer.status).toBe(401);
    const whole = await exports.default.fetch(
      new Request(new URL(`/fediverse/users/${owner.username}/followers`, relay), {
        headers: { accept: 'application/activity+json' },
      }),
    );
    expect(whole.status).toBe(200);
  });
});
