import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import {
  apiClient,
  blockPayload,
  createUser,
  moderatorUser,
  readJson,
  type TestUser,
  updateProfile,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay, peers } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;
const boardClient = (owner: TestUser) => apiClient({ token: owner.token, origin: relay });
const peer = peers.rfc9421;
const peerHost = new URL(peer.origin).host;
const wait = { timeout: 20_000, interval: 200 };

type Sent = { id: string; taken: boolean; error: string | null; note?: string };

/**
 * The peer's account `as` (its `reader` unless named) does `action` to the board of `owner`, and
 * says whether the board's server took it.
 */
async function peerDoes(
  action: string,
  owner: TestUser,
  asked: { as?: string; story?: string; content?: string; activity?: string; note?: string },
  from: { origin: string } = peer,
): Promise<Sent> {
  const response = await fetch(`${from.origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify({ actor: actorOf(owner), ...asked }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** A public story of the owner's board, at its own address: "Finished Piranesi". */
async function storyOf(owner: TestUser) {
  await updateProfile(owner, { displayName: 'Maya' });
  const created = await readJson(
    boardClient(owner).blocks.$post({ json: blockPayload({ title: 'Piranesi', status: 'done' }) }),
  );
  if (created.status !== 201) throw new Error(`block: ${JSON.stringify(created.body)}`);
  const outbox = await exports.default.fetch(
    new Request(`${relay}/fediverse/users/${owner.username}/outbox?cursor=latest`, {
      headers: { accept: 'application/activity+json' },
    }),
  );
  const page = await outbox.json<{ orderedItems: { object: { id: string } }[] }>();
  const story = page.orderedItems[0]?.object.id;
  if (!story) throw new Error('no story');
  return story;
}

async function interactionsOf(owner: TestUser) {
  const answer = await readJson(boardClient(owner).fediverse.interactions.$get({ query: {} }));
  if (answer.status !== 200) throw new Error(`interactions: ${answer.status}`);
  return answer.body.interactions;
}

async function notificationsOf(owner: TestUser) {
  const answer = await readJson(boardClient(owner).notifications.$get());
  if (answer.status !== 200) throw new Error(`notifications: ${answer.status}`);
  return answer.body.notifications;
}

async function received(): Promise<ReceivedActivity[]> {
  return (await fetch(`${peer.origin}/__peer/received`)).json();
}

describe('answers to a story from another server', { timeout: 60_000 }, () => {
  it('keeps a signed Like, boost and reply, with the account as its server pictures it, and tells the owner of each', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    expect(await peerDoes('like', owner, { story })).toMatchObject({ taken: true });
    expect(await peerDoes('boost', owner, { story })).toMatchObject({ taken: true });
    const reply = await peerDoes('reply', owner, {
      story,
      content: '<p><a href="https://elsewhere.example/@maya">@maya</a> Loved it too!</p>',
    });
    expect(reply).toMatchObject({ taken: true });
    // Sent again, a like is kept once.
    await peerDoes('like', owner, { story });

    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(3), wait);
    const interactions = await interactionsOf(owner);
    expect(interactions.map((interaction) => interaction.kind).sort()).toEqual([
      'boost',
      'like',
      'reply',
    ]);
    for (const interaction of interactions) {
      expect(interaction).toMatchObject({
        handle: `@reader@${peerHost}`,
        name: 'Peer Reader',
        // Our copy of the picture its actor names.
        avatarUrl: expect.stringMatching(/^\/api\/images\/followers\/\d+\/[0-9a-f-]{36}\.png$/),
        story: { headline: 'Finished Piranesi' },
        hidden: false,
      });
    }
    expect(interactions.find((interaction) => interaction.kind === 'reply')).toMatchObject({
      contentHtml:
        '<p><a href="https://elsewhere.example/@maya" rel="nofollow noopener ugc">@maya</a> Loved it too!</p>',
    });

    await vi.waitFor(async () => expect(await notificationsOf(owner)).toHaveLength(3), wait);
    const notices = await notificationsOf(owner);
    expect(notices.map((notice) => notice.kind).sort()).toEqual(['boosted', 'liked', 'replied']);
    for (const notice of notices) {
      expect(notice.fediverse).toMatchObject({
        handle: `@reader@${peerHost}`,
        story: 'Finished Piranesi',
      });
    }
  });

  it('keeps the answers of a server the instance limits, and tells the owner of none', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    const moderator = await moderatorUser();
    const domains = apiClient({ token: moderator.token }).admin.domains;
    const limited = await readJson(
      domains.$post({
        json: { host: new URL(peer.origin).hostname, kind: 'limit', note: 'Reply spam' },
      }),
    );
    if (limited.status !== 201) throw new Error(`domain block: ${limited.status}`);
    try {
      expect(await peerDoes('like', owner, { story })).toMatchObject({ taken: true });
      await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(1), wait);
      expect(await notificationsOf(owner)).toEqual([]);
    } finally {
      const id = String(limited.body.domainBlock.id);
      expect((await domains[':id'].$delete({ param: { id } })).status).toBe(200);
    }
  });

  it('forgets a like on its Undo, and a reply on the Delete of its Note', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    const like = await peerDoes('like', owner, { story });
    const reply = await peerDoes('reply', owner, { story, content: '<p>Soon gone</p>' });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(2), wait);
    await peerDoes('undo-like', owner, { story, activity: like.id });
    await vi.waitFor(
      async () =>
        expect((await interactionsOf(owner)).map((interaction) => interaction.kind)).toEqual([
          'reply',
        ]),
      wait,
    );
    await peerDoes('delete-note', owner, { note: reply.note });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toEqual([]), wait);
    // Their notifications went with them.
    expect(await notificationsOf(owner)).toEqual([]);
  });

  it('keeps a hostile reply as text and links only', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    await peerDoes('reply', owner, {
      story,
      content: [
        '<p onclick="steal()" style="position:fixed">Nice <b>read</b>',
        '<script>alert(1)</script><img src="x" onerror="alert(2)">',
        '<a href="javascript:alert(3)">click</a> <a href="https://ok.example/" target="_top" class="x">ok</a>',
        '<iframe src="https://evil.example/"></iframe><style>body{display:none}</style></p>',
      ].join(''),
    });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(1), wait);
    const [reply] = await interactionsOf(owner);
    expect(reply?.contentHtml).toBe(
      '<p>Nice readclick <a href="https://ok.example/" rel="nofollow noopener ugc">ok</a></p>',
    );
  });

  it('lets the owner hide a reply, and no one else', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    await peerDoes('reply', owner, { story, content: '<p>Hide me</p>' });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(1), wait);
    const [reply] = await interactionsOf(owner);
    const hide = (who: TestUser) =>
      boardClient(who).fediverse.interactions[':id'].hidden.$put({
        param: { id: String(reply?.id) },
        json: { hidden: true },
      });
    expect((await hide(await createUser())).status).toBe(404);
    expect((await hide(owner)).status).toBe(200);
    expect((await interactionsOf(owner))[0]).toMatchObject({ hidden: true });
    const anonymous = await apiClient({ origin: relay }).fediverse.interactions.$get({ query: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('what a board refuses from other servers', { timeout: 60_000 }, () => {
  it('refuses a blocked server from then on (403), its follow removed with a Reject and its answers gone', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    const follow = await fetch(`${peer.origin}/__peer/follow`, {
      method: 'POST',
      body: JSON.stringify({ actor: actorOf(owner) }),
    });
    expect(follow.status).toBe(200);
    await vi.waitFor(async () => {
      const followers = await readJson(boardClient(owner).fediverse.followers.$get());
      expect(followers.body).toMatchObject({ followers: [{ handle: `@reader@${peerHost}` }] });
    }, wait);
    await peerDoes('like', owner, { story });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(1), wait);
    const [like] = await interactionsOf(owner);
    const blocked = await readJson(
      boardClient(owner).fediverse.blocked.$post({
        json: { interactionId: like?.id ?? 0, kind: 'server' },
      }),
    );
    expect(blocked).toMatchObject({ status: 200, body: { followsRemoved: 1 } });
    await vi.waitFor(async () => {
      const rejects = (await received()).filter(
        (activity) => activity.type === 'Reject' && activity.actor === actorOf(owner),
      );
      expect(rejects).toHaveLength(1);
    }, wait);
    expect(await interactionsOf(owner)).toEqual([]);

    for (const reader of ['reader', 'reader-7']) {
      const refused = await peerDoes('like', owner, { story, as: reader });
      expect(refused.taken).toBe(false);
      expect(refused.error).toContain('403');
    }
    const list = await readJson(boardClient(owner).fediverse.blocked.$get());
    expect(list.body).toMatchObject({ blocked: [{ kind: 'server', label: peerHost }] });
    // Another server is not blocked.
    expect(await peerDoes('like', owner, { story }, peers.cavage)).toMatchObject({ taken: true });
    await vi.waitFor(
      async () =>
        expect((await interactionsOf(owner)).map((interaction) => interaction.handle)).toEqual([
          `@reader@${new URL(peers.cavage.origin).host}`,
        ]),
      wait,
    );
  });

  it('lifts a block from its list, for its owner alone: the server may follow and answer again', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    await peerDoes('like', owner, { story, as: 'reader-20' });
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(1), wait);
    const [like] = await interactionsOf(owner);
    const blocked = boardClient(owner).fediverse.blocked;
    const block = await blocked.$post({ json: { interactionId: like?.id ?? 0, kind: 'server' } });
    expect(block.status).toBe(200);
    const list = await readJson(blocked.$get());
    expect(list.body).toEqual({
      blocked: [
        { id: expect.any(Number), kind: 'server', label: peerHost, at: expect.any(Number) },
      ],
    });
    const id = String(list.status === 200 ? list.body.blocked[0]?.id : 0);
    expect(await peerDoes('like', owner, { story, as: 'reader-21' })).toMatchObject({
      taken: false,
    });

    const unblock = (client: ReturnType<typeof apiClient>, blockId = id) =>
      readJson(client.fediverse.blocked[':id'].$delete({ param: { id: blockId } }));
    expect((await unblock(apiClient({ origin: relay }))).status).toBe(401);
    expect(await unblock(boardClient(await createUser()))).toMatchObject({
      status: 404,
      body: { error: 'Block not found.' },
    });
    expect((await unblock(boardClient(owner), String(Number(id) + 1000))).status).toBe(404);
    expect(await unblock(boardClient(owner))).toMatchObject({
      status: 200,
      body: { unblocked: true },
    });
    expect((await readJson(blocked.$get())).body).toEqual({ blocked: [] });
    expect((await unblock(boardClient(owner))).status).toBe(404);

    const follow = await fetch(`${peer.origin}/__peer/follow`, {
      method: 'POST',
      body: JSON.stringify({ actor: actorOf(owner), as: 'reader-22' }),
    });
    expect(follow.status, await follow.clone().text()).toBe(200);
    await vi.waitFor(async () => {
      const followers = await readJson(boardClient(owner).fediverse.followers.$get());
      expect(followers.body).toMatchObject({ followers: [{ handle: `@reader-22@${peerHost}` }] });
    }, wait);
    expect(await peerDoes('like', owner, { story, as: 'reader-21' })).toMatchObject({
      taken: true,
    });
    await vi.waitFor(
      async () =>
        expect((await interactionsOf(owner)).map((interaction) => interaction.handle)).toEqual([
          `@reader-21@${peerHost}`,
        ]),
      wait,
    );
  });

  it('refuses a reply over 16 KB of HTML with 413 and keeps nothing', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    const refused = await peerDoes('reply', owner, {
      story,
      content: `<p>${'long words '.repeat(2000)}</p>`,
    });
    expect(refused.taken).toBe(false);
    expect(refused.error).toContain('413');
    expect(await interactionsOf(owner)).toEqual([]);
  });

  it('answers 429 to a server past its hourly allowance of likes for one board', async () => {
    const owner = await createUser();
    const story = await storyOf(owner);
    const allowance = Number(env.FEDIVERSE_INTERACTIONS_PER_SERVER_HOUR);
    for (let n = 0; n < allowance; n++) {
      expect(await peerDoes('like', owner, { story, as: `reader-${n}` })).toMatchObject({
        taken: true,
      });
    }
    await vi.waitFor(async () => expect(await interactionsOf(owner)).toHaveLength(allowance), wait);
    const refused = await peerDoes('like', owner, { story, as: `reader-${allowance}` });
    expect(refused.taken).toBe(false);
    expect(refused.error).toContain('429');
  });
});
