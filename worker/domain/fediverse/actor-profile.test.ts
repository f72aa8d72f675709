import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, blockPayload, createUser, readJson, type TestUser } from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const { relay } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

type Json = Record<string, unknown>;

async function getJson(path: string): Promise<Json> {
  const answer = await exports.default.fetch(
    new Request(new URL(path, relay), { headers: { accept: 'application/activity+json' } }),
  );
  expect(answer.status).toBe(200);
  return answer.json<Json>();
}

async function addBlock(owner: TestUser, overrides: Parameters<typeof blockPayload>[0] = {}) {
  const client = apiClient({ token: owner.token, origin: relay });
  const created = await readJson(client.blocks.$post({ json: blockPayload(overrides) }));
  if (created.status !== 201) throw new Error(`block: ${JSON.stringify(created.body)}`);
  return created.body.block;
}

const github = {
  category: 'digital',
  type: 'github',
  title: 'Code on GitHub',
  externalUrl: 'https://github.com/maya',
} as const;

describe('the profile other servers show of a board', { timeout: 40_000 }, () => {
  it('lists each profile link the owner entered as a PropertyValue claimed with rel="me"', async () => {
    const owner = await createUser();
    await addBlock(owner, github);
    await addBlock(owner, { title: 'Piranesi', externalUrl: 'https://example.com/piranesi' });
    const actor = await getJson(`/@${owner.username}`);
    expect([actor.attachment].flat()).toEqual([
      {
        type: 'PropertyValue',
        name: 'Code on GitHub',
        value:
          '<a href="https://github.com/maya" rel="me nofollow noopener" target="_blank">github.com/maya</a>',
      },
    ]);
  });

  it('pins the board’s Now blocks as the Notes of their stories in its featured collection', async () => {
    const owner = await createUser();
    await addBlock(owner, { title: 'Portuguese A2', status: 'now' });
    await addBlock(owner, { title: 'Piranesi', status: 'done' });
    const actor = await getJson(`/@${owner.username}`);
    const featuredUri = `${relay}/fediverse/users/${owner.username}/featured`;
    expect(actor.featured).toBe(featuredUri);
    const featured = await getJson(new URL(featuredUri).pathname);
    const notes = [featured.orderedItems].flat() as Json[];
    expect(notes.map((note) => [note.type, String(note.content).split('</p>')[0]])).toEqual([
      ['Note', '<p>Started Portuguese A2'],
    ]);
    expect(notes[0]?.id).toMatch(new RegExp(`^${relay}/@${owner.username}/stories/\\d+$`));
  });

  it('is discoverable and indexable while Discover lists it, and published when the board was made', async () => {
    const owner = await createUser();
    const made = await env.DB.prepare('SELECT created_at FROM users WHERE username = ?')
      .bind(owner.username)
      .first<{ created_at: number }>();
    const listed = await getJson(`/@${owner.username}`);
    expect(listed).toMatchObject({ discoverable: true, indexable: true });
    expect(Date.parse(String(listed.published))).toBe(made?.created_at);
    await env.DB.prepare('UPDATE users SET kept_off_discover = 1 WHERE username = ?')
      .bind(owner.username)
      .run();
    const keptOff = await getJson(`/@${owner.username}`);
    expect(keptOff).toMatchObject({ discoverable: false, indexable: false });
  });
});
