import { exports } from 'cloudflare:workers';
import jsonld from 'jsonld/dist/jsonld.esm.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import { contextLoader } from '../../platform/fediverse-documents';
import {
  apiClient,
  blockPayload,
  createUser,
  readJson,
  type TestUser,
  updateProfile,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';
import { noteReviewLength } from './story-notes';

const { relay, peers } = inject('fediverse');
const activityJson = 'application/activity+json';
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;

function get(path: string, accept = activityJson) {
  return exports.default.fetch(new Request(new URL(path, relay), { headers: { accept } }));
}

async function addBlock(owner: TestUser, overrides: Parameters<typeof blockPayload>[0] = {}) {
  const client = apiClient({ token: owner.token, origin: relay });
  const created = await readJson(client.blocks.$post({ json: blockPayload(overrides) }));
  if (created.status !== 201) throw new Error(`block: ${JSON.stringify(created.body)}`);
  return created.body.block;
}

type Json = Record<string, unknown>;

/** The newest story of a board as its own address answers it. */
async function newestNote(owner: TestUser): Promise<Json> {
  const outbox = await (await get(`/fediverse/users/${owner.username}/outbox`)).json<Json>();
  const first = new URL(String(outbox.first));
  const page = await (await get(first.pathname + first.search)).json<{
    orderedItems: { object: { id: string } }[];
  }>();
  const id = page.orderedItems[0]?.object.id ?? '';
  const answer = await get(new URL(id).pathname);
  expect(answer.status).toBe(200);
  return answer.json<Json>();
}

const piranesi = {
  title: 'Piranesi',
  subtitle: 'Susanna Clarke',
  status: 'done',
  rating: 4.5,
  review: 'A house of endless halls and tides.',
  externalUrl: 'https://www.goodreads.com/book/show/50202953-piranesi',
} as const;

describe('a story Note, as Mastodon and the trackers read it', { timeout: 40_000 }, () => {
  it('reads well on Mastodon: the story, stars, review, link, image with alt text and the type’s hashtag', async () => {
    const owner = await createUser();
    await updateProfile(owner, { displayName: 'Maya' });
    await addBlock(owner, piranesi);
    const note = await newestNote(owner);
    const content = String(note.content);
    expect(content).toContain('<p>Finished Piranesi</p><p>Susanna Clarke</p><p>★★★★½</p>');
    expect(content).toContain('“A house of endless halls and tides.”');
    expect(content).toContain(`href="${piranesi.externalUrl}"`);
    expect(content).toContain('rel="tag">#<span>books</span></a>');
    expect(note.url).toBe(note.id);
    expect(note.attachment).toMatchObject({ type: 'Image', name: 'Piranesi, Susanna Clarke' });
    expect([note.tag].flat()).toContainEqual({
      type: 'Hashtag',
      name: '#books',
      href: `${relay}/discover?category=learning`,
    });
  });

  it('cuts a long review in the Note and links the story’s page to read the rest', async () => {
    const owner = await createUser();
    const review = `${'Tides and statues, '.repeat(24)}the end.`;
    await addBlock(owner, { ...piranesi, review });
    const note = await newestNote(owner);
    const content = String(note.content);
    expect(content).not.toContain('the end.');
    expect(content).toMatch(
      new RegExp(`…” <a href="${note.id}" rel="nofollow noopener">read more</a></p>`),
    );
    const quoted = /“([^”]*)…”/.exec(content)?.[1] ?? '';
    expect(quoted.length).toBeLessThanOrEqual(noteReviewLength);
  });

  it('carries NeoDB’s relatedWith and BookWyrm’s fields about the work the tag names', async () => {
    const owner = await createUser();
    await addBlock(owner, piranesi);
    const note = await newestNote(owner);
    const work = { type: 'Edition', name: 'Piranesi', href: piranesi.externalUrl };
    expect([note.tag].flat()).toContainEqual(work);
    const pieces = note.relatedWith as Json[];
    const about = { withRegardTo: piranesi.externalUrl, attributedTo: actorOf(owner) };
    expect(pieces).toEqual([
      expect.objectContaining({ type: 'Status', status: 'complete', ...about }),
      expect.objectContaining({ type: 'Rating', best: 10, worst: 1, value: 9, ...about }),
      expect.objectContaining({ type: 'Review', content: piranesi.review, ...about }),
    ]);
    for (const piece of pieces) expect(piece.id).toMatch(new RegExp(`^${note.id}#`));
    expect(note).toMatchObject({
      rating: 4.5,
      readingStatus: 'read',
      inReplyToBook: piranesi.externalUrl,
    });
  });

  it('names every term in its @context: a JSON-LD processor expands the Note dropping none', async () => {
    const owner = await createUser();
    await addBlock(owner, { ...piranesi, status: 'now', rating: undefined, progress: 40 });
    const note = await newestNote(owner);
    expect(note).toMatchObject({ readingStatus: 'reading', progress: 40, progressMode: 'PCT' });
    const [expanded] = await jsonld.expand(note, { documentLoader: contextLoader });
    const terms = Object.keys(note).filter((key) => !['@context', 'id', 'type'].includes(key));
    const properties = Object.keys(expanded ?? {}).filter((key) => !key.startsWith('@'));
    expect(properties).toHaveLength(terms.length);
    expect(properties).toEqual(
      expect.arrayContaining([
        'https://neodb.social/ns#relatedWith',
        'https://joinbookwyrm.com/ns#readingStatus',
        'https://joinbookwyrm.com/ns#progress',
        'https://joinbookwyrm.com/ns#inReplyToBook',
      ]),
    );
  });

  it('delivers the trackers’ fields to followers in the signed Create, which a Fedify peer accepts', async () => {
    const owner = await createUser();
    const peer = peers.rfc9421;
    const follow = await fetch(`${peer.origin}/__peer/follow`, {
      method: 'POST',
      body: JSON.stringify({ actor: actorOf(owner) }),
    });
    expect(follow.status).toBe(200);
    const accepted = await receivedBy(peer, (activity) => activity.actor === actorOf(owner));
    expect(accepted.type).toBe('Accept');
    await addBlock(owner, piranesi);
    const create = await receivedBy(
      peer,
      (activity) => activity.type === 'Create' && activity.actor === actorOf(owner),
    );
    const posted = create.posted?.object as Json;
    expect(posted.relatedWith).toHaveLength(3);
    expect(posted).toMatchObject({ rating: 4.5, readingStatus: 'read' });
  });
});

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
