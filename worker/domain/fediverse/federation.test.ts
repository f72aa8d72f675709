import { env, exports } from 'cloudflare:workers';
import { decode as decodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import {
  apiClient,
  blockPayload,
  createUser,
  deleteBlock,
  editBlock,
  readJson,
  type TestUser,
  uniqueName,
  updateProfile,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';
import { goodreadsShelf } from '../../test/fixtures/feeds';
import { serveAt, servePage, timesFetched } from '../../test/outside-site';
import { fediverse, fediverseData } from './federation';
import { followLimits } from './followers';

const { relay, peers } = inject('fediverse');
const activityJson = 'application/activity+json';
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;
const host = new URL(relay).host;

function get(path: string, accept = activityJson) {
  return exports.default.fetch(new Request(new URL(path, relay), { headers: { accept } }));
}

/** The peer's account `as` (its `reader` unless named) does `action` to the board `actor`. */
async function peerCall(peer: { origin: string }, action: string, actor: string, as?: string) {
  const response = await fetch(`${peer.origin}/__peer/${action}`, {
    method: 'POST',
    body: JSON.stringify({ actor, as }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function received(peer: { origin: string }): Promise<ReceivedActivity[]> {
  return (await fetch(`${peer.origin}/__peer/received`)).json();
}

/** Waits (up to 20 s) for the peer's inbox to have taken an activity that `matches`. */
async function receivedBy(
  peer: { origin: string },
  matches: (activity: ReceivedActivity) => boolean,
): Promise<ReceivedActivity> {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await received(peer)).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The peer received no such activity: ${JSON.stringify(await received(peer))}`);
}

/** The peer's `reader` follows the board, and the peer has received our Accept. */
async function followAccepted(peer: { origin: string }, owner: TestUser) {
  await peerCall(peer, 'follow', actorOf(owner));
  return receivedBy(
    peer,
    (activity) => activity.type === 'Accept' && activity.actor === actorOf(owner),
  );
}

async function followersOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).fediverse.followers.$get());
  if (answer.status !== 200) throw new Error(`followers: ${answer.status}`);
  return answer.body.followers;
}

async function waitForFollowers(owner: TestUser, count: number) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await followersOf(owner)).length === count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${owner.username} never had ${count} fediverse followers`);
}

/** How long a delivery to a peer may take to arrive. */
const deliveryWait = { timeout: 20_000, interval: 200 };

const boardClient = (owner: TestUser) => apiClient({ token: owner.token, origin: relay });

async function addBlock(owner: TestUser, overrides: Parameters<typeof blockPayload>[0] = {}) {
  const created = await readJson(
    boardClient(owner).blocks.$post({ json: blockPayload(overrides) }),
  );
  if (created.status !== 201) throw new Error(`block: ${JSON.stringify(created.body)}`);
  return created.body.block;
}

describe('a board as a fediverse actor', () => {
  it('is found by WebFinger, by acct: handle and by the board’s address', async () => {
    const owner = await createUser();
    for (const resource of [`acct:${owner.username}@${host}`, actorOf(owner)]) {
      const response = await get(
        `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
        'application/jrd+json',
      );
      expect(response.status).toBe(200);
      const jrd = await response.json<{
        subject: string;
        links: { rel: string; href: string }[];
      }>();
      expect(jrd.links).toContainEqual(
        expect.objectContaining({ rel: 'self', type: activityJson, href: actorOf(owner) }),
      );
    }
    const unknown = await get(`/.well-known/webfinger?resource=acct:nobody-here@${host}`);
    expect(unknown.status).toBe(404);
  });

  it('answers its board address with a Person when asked for ActivityPub JSON, keys included', async () => {
    const owner = await createUser();
    await updateProfile(owner, { bio: 'Reading & running' });
    for (const accept of [
      activityJson,
      'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
    ]) {
      const response = await get(`/@${owner.username}`, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('json');
      const person = await response.json<Record<string, unknown>>();
      expect(person).toMatchObject({
        id: actorOf(owner),
        type: 'Person',
        preferredUsername: owner.username,
        name: `Name ${owner.username}`,
        summary: '<p>Reading &#38; running</p>',
        url: actorOf(owner),
        inbox: `${relay}/fediverse/users/${owner.username}/inbox`,
        outbox: `${relay}/fediverse/users/${owner.username}/outbox`,
        followers: `${relay}/fediverse/users/${owner.username}/followers`,
        endpoints: { sharedInbox: `${relay}/fediverse/inbox` },
      });
      expect(person.publicKey).toMatchObject({ owner: actorOf(owner) });
      expect(JSON.stringify(person.publicKey)).toContain('BEGIN PUBLIC KEY');
      // The Ed25519 key, for Object Integrity Proofs.
      expect(JSON.stringify(person.assertionMethod)).toContain('"Multikey"');
    }
    const page = await get(`/@${owner.username}`, 'text/html');
    expect(await page.text()).toContain(
      `<link rel="alternate" type="application/activity+json" href="${actorOf(owner)}"`,
    );
  });

  it('gives its bio as HTML: escaped, line breaks as <br>, links as links', async () => {
    const owner = await createUser();
    await updateProfile(owner, {
      bio: 'Books <and> films, 3 < 5 & more\nShelves: https://books.example/ada?s=1&t=2.',
    });
    const person = await (await get(`/@${owner.username}`)).json<{ summary: string }>();
    expect(person.summary).toBe(
      '<p>Books &#60;and&#62; films, 3 &#60; 5 &#38; more<br>Shelves: ' +
        '<a href="https://books.example/ada?s=1&#38;t=2" rel="nofollow noopener">' +
        'https://books.example/ada?s=1&#38;t=2</a>.</p>',
    );
  });

  // The first PNG loads the rasterizer's WebAssembly: seconds on a loaded machine.
  it('shows a preset avatar to other servers as a PNG drawn from its SVG', async () => {
    const owner = await createUser();
    await updateProfile(owner, { avatar: '/api/avatars/lorelei/ada.svg' });
    const person = await (await get(`/@${owner.username}`)).json<{
      icon: { type: string; url: string; mediaType?: string };
    }>();
    expect(person.icon).toMatchObject({
      type: 'Image',
      url: `${relay}/api/avatars/lorelei/ada.png`,
      mediaType: 'image/png',
    });
    const picture = await get(new URL(person.icon.url).pathname, 'image/*');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = decodePng(new Uint8Array(await picture.arrayBuffer()));
    expect([png.width, png.height]).toEqual([400, 400]);
  }, 30_000);

  it('describes the server by NodeInfo, counting the stories its public boards posted', async () => {
    const readNodeInfo = async () => {
      const links = await (await get('/.well-known/nodeinfo', 'application/json')).json<{
        links: { href: string }[];
      }>();
      const path = new URL(links.links[0]?.href ?? '').pathname;
      return (await get(path)).json<{ usage: { localPosts: number } }>();
    };
    const before = await readNodeInfo();
    expect(before).toMatchObject({ software: { name: 'up2' }, protocols: ['activitypub'] });
    const owner = await createUser();
    await addBlock(owner, { title: 'Told', status: 'done' });
    await addBlock(owner, { title: 'Also told', status: 'now' });
    await addBlock(owner, { title: 'Hidden', status: 'done', isVisible: false });
    const quiet = await createUser({ isPublic: false });
    await addBlock(quiet, { title: 'Private', status: 'done' });
    const after = await readNodeInfo();
    expect(after.usage.localPosts - before.usage.localPosts).toBe(2);
  });

  it('pages its story in the outbox, newest first, as Create(Note)s, hidden blocks left out', async () => {
    const owner = await createUser();
    await addBlock(owner, { title: 'The Design of Everyday Things', status: 'done' });
    await addBlock(owner, { title: 'A secret plan', status: 'planned', isVisible: false });
    await addBlock(owner, { title: 'Portuguese A2', status: 'now' });
    const outbox = await (await get(`/fediverse/users/${owner.username}/outbox`)).json<{
      totalItems?: number;
      first: string;
    }>();
    const page = await (
      await get(new URL(outbox.first).pathname + new URL(outbox.first).search)
    ).json<{
      orderedItems: { type: string; object: { type: string; content: string } }[];
    }>();
    expect(page.orderedItems.map((item) => [item.type, item.object.type])).toEqual([
      ['Create', 'Note'],
      ['Create', 'Note'],
    ]);
    expect(page.orderedItems[0]?.object.content).toContain('Started Portuguese A2');
    expect(page.orderedItems[1]?.object.content).toContain(
      'Finished The Design of Everyday Things',
    );
    expect(JSON.stringify(page)).not.toContain('A secret plan');
  });

  it('gives each story Note its own address, which answers the Note, or as HTML the story with its board', async () => {
    const owner = await createUser();
    await updateProfile(owner, { displayName: 'Maya' });
    const book = await addBlock(owner, {
      title: 'Piranesi',
      status: 'done',
      externalUrl: 'https://example.com/piranesi',
    });
    const outbox = await (await get(`/fediverse/users/${owner.username}/outbox`)).json<{
      first: string;
    }>();
    const page = await (
      await get(new URL(outbox.first).pathname + new URL(outbox.first).search)
    ).json<{ orderedItems: { id: string; object: { id: string; url: string } }[] }>();
    const [create] = page.orderedItems;
    const noteId = create?.object.id ?? '';
    expect(noteId).toMatch(new RegExp(`^${actorOf(owner)}/stories/\\d+$`));
    expect(create?.object.url).toBe(noteId);
    expect(create?.id.startsWith(noteId)).toBe(true);

    const asNote = await get(new URL(noteId).pathname);
    expect(asNote.status).toBe(200);
    expect(asNote.headers.get('content-type')).toContain('json');
    const note = await asNote.json<{ id: string; type: string; content: string }>();
    expect(note).toMatchObject({ id: noteId, type: 'Note' });
    expect(note.content).toContain('Finished Piranesi');

    const asPage = await get(new URL(noteId).pathname, 'text/html');
    expect(asPage.status).toBe(200);
    expect(asPage.headers.get('content-type')).toContain('text/html');
    const html = await asPage.text();
    expect(html).toContain('Maya finished Piranesi');
    expect(html).toContain('href="https://example.com/piranesi"');
    expect(html).toContain(`href="${actorOf(owner)}"`);
    expect(html).toContain(`<a href="${actorOf(owner)}?report=" rel="nofollow">Report</a>`);

    await editBlock(owner, book.id, { title: 'Piranesi', status: 'done', isVisible: false });
    expect((await get(new URL(noteId).pathname)).status).toBe(404);
    expect((await get(new URL(noteId).pathname, 'text/html')).status).toBe(404);
    await deleteBlock(owner, book.id);
    expect((await get(new URL(noteId).pathname)).status).toBe(410);
    expect((await get(`/@${owner.username}/stories/999999999`)).status).toBe(404);
  });

  it('is not found, actor nor outbox, while the board is private', async () => {
    const owner = await createUser({ isPublic: false });
    expect((await get(`/@${owner.username}`)).status).toBe(404);
    expect((await get(`/fediverse/users/${owner.username}/outbox`)).status).toBe(404);
    const finger = await get(`/.well-known/webfinger?resource=acct:${owner.username}@${host}`);
    expect(finger.status).toBe(404);
  });
});

describe('following a board from another server', { timeout: 40_000 }, () => {
  it('accepts a signed Follow at once, and delivers a new story as a signed Create(Note)', async () => {
    const owner = await createUser();
    await updateProfile(owner, { displayName: 'Maya' });
    const peer = peers.rfc9421;
    const accept = await followAccepted(peer, owner);
    expect(accept.signature).not.toBe('none');
    // Who delivers, and where a server's admin can read about it.
    expect(accept.userAgent).toMatch(/^Up2\//);
    expect(accept.userAgent).toContain(`+${env.APP_URL}`);
    await waitForFollowers(owner, 1);
    const [follower] = await followersOf(owner);
    expect(follower).toMatchObject({
      handle: `@reader@${new URL(peer.origin).host}`,
      name: 'Peer Reader',
      avatarUrl: expect.stringMatching(/^\/api\/images\/followers\/\d+\/[0-9a-f-]{36}\.png$/),
    });
    // Our copy of the picture the peer's actor names: the dashboard never asks the peer for it.
    const picture = await get(follower?.avatarUrl ?? '', 'image/*');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    await addBlock(owner, {
      title: 'The Design of Everyday Things',
      status: 'done',
      externalUrl: 'https://example.com/doet',
    });
    const create = await receivedBy(
      peer,
      (activity) => activity.type === 'Create' && activity.actor === actorOf(owner),
    );
    expect(create.signature).not.toBe('none');
    const note = create.object as {
      type: string;
      content: string;
      url: string;
      attachment: { type: string; url: string };
    };
    expect(note.type).toBe('Note');
    expect(note.content).toContain('Finished The Design of Everyday Things');
    expect(note.content).toContain(`href="${actorOf(owner)}"`);
    expect(note.url).toMatch(new RegExp(`^${actorOf(owner)}/stories/\\d+$`));
    expect(note.content).toContain('href="https://example.com/doet"');
    expect(note.attachment).toMatchObject({ type: 'Image' });
  });

  it('hears a source’s finish like any edit: a shelf moving a book to Done sends its story to a peer and reaches the owner’s goal', async () => {
    const owner = await createUser();
    const year = new Date().getUTCFullYear();
    const goal = { year, target: 1, scope: 'type' as const, scopeKey: 'books-reading' };
    expect((await boardClient(owner).goals.$post({ json: goal })).status).toBe(201);
    const book = { id: '50202953', title: 'Piranesi', author: 'Susanna Clarke' };
    const shelf = `/${uniqueName('shelf')}`;
    const serveShelf = (books: Parameters<typeof goodreadsShelf>[1]) =>
      serveAt(shelf, {
        headers: { 'content-type': 'application/rss+xml' },
        body: goodreadsShelf('%23ALL%23', books),
      });
    const url = await serveShelf([{ ...book, shelf: 'currently-reading' }]);
    const added = await readJson(boardClient(owner).sources.$post({ json: { url } }));
    if (added.status !== 201) throw new Error(`source: ${JSON.stringify(added.body)}`);
    const peer = peers.rfc9421;
    await followAccepted(peer, owner);
    await waitForFollowers(owner, 1);

    await serveShelf([{ ...book, shelf: 'read', readAt: new Date().toUTCString() }]);
    const checked = await readJson(
      boardClient(owner).sources[':id'].check.$post({
        param: { id: String(added.body.source.id) },
      }),
    );
    expect(checked.status).toBe(200);
    const create = await receivedBy(
      peer,
      (activity) =>
        activity.type === 'Create' && JSON.stringify(activity.object).includes('Finished Piranesi'),
    );
    expect(create.signature).not.toBe('none');
    const notifications = await readJson(boardClient(owner).notifications.$get());
    if (notifications.status !== 200) throw new Error('notifications');
    expect(
      notifications.body.notifications
        .filter((n) => n.kind === 'reached')
        .map((n) => n.block?.title),
    ).toEqual(['Piranesi']);
  });

  it('accepts a Follow whose actor comes embedded without an inbox, after fetching the actor', async () => {
    const owner = await createUser();
    const peer = peers.cavage;
    expect(await peerCall(peer, 'follow-embedded', actorOf(owner))).toMatchObject({ status: 202 });
    await receivedBy(
      peer,
      (activity) => activity.type === 'Accept' && activity.actor === actorOf(owner),
    );
    await waitForFollowers(owner, 1);
    const [follower] = await followersOf(owner);
    expect(follower).toMatchObject({
      handle: `@reader@${new URL(peer.origin).host}`,
      name: 'Peer Reader',
    });
  });

  it('verifies both signature schemes: RFC 9421 and draft-cavage Follows are accepted', async () => {
    const owner = await createUser();
    await peerCall(peers.rfc9421, 'follow', actorOf(owner));
    await peerCall(peers.cavage, 'follow', actorOf(owner));
    await waitForFollowers(owner, 2);
    const posts = await (await fetch(`${relay}/__relay/posts`)).json<
      { path: string; signature: string; status: number }[]
    >();
    const inbox = posts.filter((post) => post.path.startsWith('/fediverse/'));
    expect(inbox).toContainEqual(expect.objectContaining({ signature: 'rfc9421', status: 202 }));
    expect(inbox).toContainEqual(
      expect.objectContaining({ signature: 'draft-cavage', status: 202 }),
    );
  });

  it('forgets a follower on Undo, and a remote account on its Delete, with our copies of their pictures', async () => {
    const owner = await createUser();
    await peerCall(peers.rfc9421, 'follow', actorOf(owner));
    await peerCall(peers.cavage, 'follow', actorOf(owner));
    await waitForFollowers(owner, 2);
    const pictures = (await followersOf(owner)).map((follower) => follower.avatarUrl ?? '');
    expect(pictures.filter((url) => url.startsWith('/api/images/followers/'))).toHaveLength(2);
    await peerCall(peers.rfc9421, 'undo', actorOf(owner));
    await waitForFollowers(owner, 1);
    await peerCall(peers.cavage, 'delete-self', actorOf(owner));
    await waitForFollowers(owner, 0);
    // Their pictures went with them.
    for (const url of pictures) expect((await get(url, 'image/*')).status).toBe(404);
  });

  it('answers an unsigned or wrongly signed POST with 401 and stores nothing', async () => {
    const owner = await createUser();
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peers.cavage.origin}/follows/forged`,
      type: 'Follow',
      actor: peers.cavage.actor,
      object: actorOf(owner),
    };
    const post = (headers: Record<string, string>) =>
      exports.default.fetch(
        new Request(`${relay}/fediverse/users/${owner.username}/inbox`, {
          method: 'POST',
          headers: { 'content-type': activityJson, ...headers },
          body: JSON.stringify(follow),
        }),
      );
    expect((await post({})).status).toBe(401);
    const forged = await post({
      date: new Date().toUTCString(),
      signature: `keyId="${peers.cavage.actor}#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"`,
    });
    expect(forged.status).toBe(401);
    expect(await followersOf(owner)).toEqual([]);
  });

  it('refuses an unsigned or forged POST naming a slow @context with 401 at once, never fetching the context', async () => {
    const owner = await createUser();
    const slowContext = await servePage({ body: '{"@context":{}}', stallMs: 60_000 }, 'context');
    const follow = {
      '@context': ['https://www.w3.org/ns/activitystreams', slowContext],
      id: `${peers.cavage.origin}/follows/slow-context`,
      type: 'Follow',
      actor: peers.cavage.actor,
      object: actorOf(owner),
    };
    for (const path of [`/fediverse/users/${owner.username}/inbox`, '/fediverse/inbox']) {
      for (const headers of [
        {} as Record<string, string>,
        {
          date: new Date().toUTCString(),
          signature: `keyId="${peers.cavage.actor}#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"`,
        },
      ]) {
        const started = Date.now();
        const answer = await exports.default.fetch(
          new Request(`${relay}${path}`, {
            method: 'POST',
            headers: { 'content-type': activityJson, ...headers },
            body: JSON.stringify(follow),
          }),
        );
        expect(answer.status, path).toBe(401);
        expect(Date.now() - started).toBeLessThan(5000);
      }
    }
    expect(await timesFetched(slowContext)).toBe(0);
    expect(await followersOf(owner)).toEqual([]);
  });

  it('answers a body over 64 KB with 413 and JSON nested 1,000 levels with 400, never 5xx', async () => {
    const owner = await createUser();
    const post = (path: string, body: string) =>
      exports.default.fetch(
        new Request(`${relay}${path}`, {
          method: 'POST',
          headers: { 'content-type': activityJson },
          body,
        }),
      );
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peers.cavage.origin}/follows/big`,
      type: 'Follow',
      actor: peers.cavage.actor,
      object: actorOf(owner),
    };
    const big = JSON.stringify({ ...follow, summary: 'x'.repeat(200 * 1024) });
    const deep = JSON.stringify({
      ...follow,
      tag: JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`),
    });
    for (const path of [`/fediverse/users/${owner.username}/inbox`, '/fediverse/inbox']) {
      expect((await post(path, big)).status, path).toBe(413);
      const tooDeep = await post(path, deep);
      expect(tooDeep.status, path).toBe(400);
      expect(await tooDeep.json()).toEqual({ error: 'The activity nests deeper than 32 levels.' });
    }
    expect(await followersOf(owner)).toEqual([]);
  });

  it('takes a 410 on the object of an Undo as final: fetched once, never tried again', async () => {
    const owner = await createUser();
    const fetches = async () =>
      (await fetch(`${peers.rfc9421.origin}/__peer/gone-fetches`)).json<number>();
    const before = await fetches();
    const warned = vi.spyOn(console, 'warn');
    await peerCall(peers.rfc9421, 'undo-gone', actorOf(owner));
    for (let tries = 0; tries < 50 && (await fetches()) === before; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await fetches()) - before).toBe(1);
    // The queue's consumer sets a message it failed aside to be tried again, and says so.
    const retried = warned.mock.calls.filter((call) => String(call[1]).includes('/gone/'));
    warned.mockRestore();
    expect(retried).toEqual([]);
  });

  it('tells followers of a changed name, bio or picture with a signed Update of the actor', async () => {
    const owner = await createUser();
    const peer = peers.cavage;
    await followAccepted(peer, owner);
    const changed = await boardClient(owner).auth.me.$put({
      json: { displayName: 'Maya Renamed', bio: 'Reading more this year.' },
    });
    expect(changed.status).toBe(200);
    const update = await receivedBy(
      peer,
      (activity) => activity.type === 'Update' && activity.actor === actorOf(owner),
    );
    expect(update.signature).not.toBe('none');
    expect(update.object).toMatchObject({
      type: 'Person',
      id: actorOf(owner),
      name: 'Maya Renamed',
      summary: '<p>Reading more this year.</p>',
    });
  });

  it('sends a removed follower a Reject of their Follow', async () => {
    const owner = await createUser();
    const peer = peers.cavage;
    await peerCall(peer, 'follow', actorOf(owner));
    await waitForFollowers(owner, 1);
    const [follower] = await followersOf(owner);
    const removed = await boardClient(owner).fediverse.followers[':id'].$delete({
      param: { id: String(follower?.id) },
    });
    expect(removed.status).toBe(200);
    await receivedBy(
      peer,
      (activity) => activity.type === 'Reject' && activity.actor === actorOf(owner),
    );
    expect(await followersOf(owner)).toEqual([]);
  });

  it('holds a server’s follows past its hourly limit for the owner, and accepts one let in', {
    timeout: 60_000,
  }, async () => {
    const owner = await createUser();
    const peer = peers.rfc9421;
    const readers = Array.from(
      { length: followLimits.perHostPerHour + 1 },
      (_, n) => `reader-${n}`,
    );
    await Promise.all(readers.map((reader) => peerCall(peer, 'follow', actorOf(owner), reader)));
    await waitForFollowers(owner, readers.length);
    const acceptedActors = async () =>
      (await received(peer))
        .filter((activity) => activity.type === 'Accept' && activity.actor === actorOf(owner))
        .map((activity) => (activity.object as { actor: string }).actor);
    await vi.waitFor(
      async () => expect(await acceptedActors()).toHaveLength(followLimits.perHostPerHour),
      deliveryWait,
    );
    const waiting = (await followersOf(owner)).filter((follower) => follower.waiting);
    expect(waiting).toHaveLength(1);
    const [held] = waiting;
    const heldActor = `${peer.origin}/users/${held?.handle.split('@')[1]}`;
    expect(await acceptedActors()).not.toContain(heldActor);

    const approve = (id: number) =>
      readJson(
        boardClient(owner).fediverse.followers[':id'].approve.$post({ param: { id: String(id) } }),
      );
    expect(await approve(held?.id ?? 0)).toMatchObject({ status: 200, body: { approved: true } });
    await vi.waitFor(async () => expect(await acceptedActors()).toContain(heldActor), deliveryWait);
    expect((await approve(held?.id ?? 0)).status).toBe(404);
  });

  it('stops federating a board made private: nothing more is delivered', async () => {
    const owner = await createUser();
    const peer = peers.rfc9421;
    await peerCall(peer, 'follow', actorOf(owner));
    await waitForFollowers(owner, 1);
    await boardClient(owner).auth.me.$put({ json: { isPublic: false } });
    expect((await get(`/@${owner.username}`)).status).toBe(404);
    await addBlock(owner, { title: 'Quietly private', status: 'done' });
    // A public board's story, sent after, arrives: the private one's never did.
    const witness = await createUser();
    await peerCall(peer, 'follow', actorOf(witness));
    await waitForFollowers(witness, 1);
    await addBlock(witness, { title: 'Out loud', status: 'done' });
    await receivedBy(
      peer,
      (activity) => activity.actor === actorOf(witness) && activity.type === 'Create',
    );
    const fromPrivate = (await received(peer)).filter(
      (activity) => activity.actor === actorOf(owner) && activity.type === 'Create',
    );
    expect(fromPrivate).toEqual([]);
  });

  it('delivers a Delete of the actor when the account is deleted, and the actor is gone', async () => {
    const owner = await createUser();
    const peer = peers.cavage;
    // A follower whose follow was accepted holds the board's key, which signs the Delete.
    await followAccepted(peer, owner);
    const deleted = await boardClient(owner).account.$delete({
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const deletion = await receivedBy(
      peer,
      (activity) => activity.type === 'Delete' && activity.actor === actorOf(owner),
    );
    expect(deletion.object).toBe(actorOf(owner));
    // Gone for good, so servers that missed the Delete forget the actor when they look again.
    expect((await get(`/@${owner.username}`)).status).toBe(410);
    for (const resource of [`acct:${owner.username}@${host}`, actorOf(owner)]) {
      const finger = `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`;
      expect((await get(finger, 'application/jrd+json')).status, resource).toBe(410);
    }
    expect((await get(`/fediverse/users/${owner.username}/outbox`)).status).toBe(410);
    // Its page stays the spec's Board Not Found.
    expect((await get(`/@${owner.username}`, 'text/html')).status).toBe(404);
  });
});

describe('in production', () => {
  it('fetches only public https addresses, refusing the rest before any request', async () => {
    const production = { ...env, UNFURL_PRIVATE_ADDRESSES: 'false' };
    const ctx = fediverse(production).createContext(new URL(relay), fediverseData(production));
    const sent = vi.spyOn(globalThis, 'fetch');
    try {
      for (const address of [peers.cavage.actor, 'http://example.com/users/someone']) {
        await expect(ctx.documentLoader(address)).rejects.toThrow('only public https addresses');
      }
      expect(sent).not.toHaveBeenCalled();
    } finally {
      sent.mockRestore();
    }
  });
});
