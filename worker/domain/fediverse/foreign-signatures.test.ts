import { exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FollowSpoiler, SignedDelivery } from '../../dev/http-signature-peer';
import { apiClient, blockPayload, createUser, readJson, type TestUser } from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

// Up2 against a server that shares no code with it: HTTP signatures made and checked by
// @peertube/http-signature (worker/dev/http-signature-peer.ts), not by Fedify.
const { relay, httpSignaturePeer: peer } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(async () => {
  serving = serveWorkerOnRelay(relay);
  // The Worker's first fediverse answer loads Fedify, slowly on a cold module cache: loaded here,
  // not within the 20 s the relay gives each request.
  const board = await createUser();
  const actor = await exports.default.fetch(
    new Request(`${relay}/@${board.username}`, {
      headers: { accept: 'application/activity+json' },
    }),
  );
  await actor.arrayBuffer();
}, 60_000);
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;

async function follow(owner: TestUser, spoil?: FollowSpoiler) {
  const response = await fetch(`${peer.origin}/__peer/follow`, {
    method: 'POST',
    body: JSON.stringify({ actor: actorOf(owner), spoil }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<{ status: number; answer: string }>();
}

async function followersOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).fediverse.followers.$get());
  if (answer.status !== 200) throw new Error(`followers: ${answer.status}`);
  return answer.body.followers;
}

/** What the board `owner` delivered to the peer, signed by draft-cavage. */
async function cavageDeliveriesFrom(owner: TestUser) {
  const all = await (await fetch(`${peer.origin}/__peer/deliveries`)).json<SignedDelivery[]>();
  return all.filter(
    (delivery) => delivery.activity.actor === actorOf(owner) && delivery.scheme === 'draft-cavage',
  );
}

/** Waits (up to 20 s) for the board to have delivered an activity of `type` by draft-cavage. */
async function deliveredBy(owner: TestUser, type: string) {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await cavageDeliveriesFrom(owner)).find(
      (delivery) => delivery.activity.type === type,
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${owner.username} delivered no ${type} signed by draft-cavage`);
}

/** What PeerTube's checks (and Mastodon's) need of a delivery's signature. */
const verifiedAsMastodonSigns = {
  refused: null,
  algorithm: 'rsa-sha256',
  signedHeaders: expect.arrayContaining(['(request-target)', 'host', 'date', 'digest']),
};

describe('HTTP signatures with a library that is not Fedify (@peertube/http-signature)', {
  timeout: 60_000,
}, () => {
  it('accepts a Follow the library signed, and the library verifies the Accept and a story’s Create', async () => {
    const owner = await createUser();
    expect(await follow(owner)).toMatchObject({ status: 202 });
    const accept = await deliveredBy(owner, 'Accept');
    expect(accept).toMatchObject(verifiedAsMastodonSigns);
    expect(await followersOf(owner)).toEqual([
      expect.objectContaining({
        handle: `@reader@${new URL(peer.origin).host}`,
        name: 'Signature Reader',
        waiting: false,
      }),
    ]);

    const created = await readJson(
      apiClient({ token: owner.token, origin: relay }).blocks.$post({
        json: blockPayload({ title: 'Piranesi', status: 'done' }),
      }),
    );
    expect(created.status).toBe(201);
    const create = await deliveredBy(owner, 'Create');
    expect(create).toMatchObject(verifiedAsMastodonSigns);
    expect(JSON.stringify(create.activity.object)).toContain('Finished Piranesi');
    // No draft-cavage delivery failed the library's check on the way (it would be tried again).
    expect((await cavageDeliveriesFrom(owner)).filter((delivery) => delivery.refused)).toEqual([]);
  });

  it.each<[string, FollowSpoiler]>([
    ['a body changed after signing', 'body'],
    ['a Digest made anew for a changed body', 'digest'],
    ['a signature by a key that is not the actor’s', 'key'],
    ['a Date two hours old', 'date'],
  ])('answers a Follow with %s 401, and stores nothing', async (_case, spoil) => {
    const owner = await createUser();
    const answer = await follow(owner, spoil);
    expect(answer.status, answer.answer).toBe(401);
    expect(JSON.parse(answer.answer)).toMatchObject({
      error: expect.stringContaining('HTTP signature'),
    });
    expect(await followersOf(owner)).toEqual([]);
  });
});
