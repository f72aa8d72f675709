import { env } from 'cloudflare:workers';
import type { InferResponseType } from 'hono/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiClient,
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  runCron,
  type TestUser,
  uniqueName,
  viewsOf,
  withAppShell,
} from '../test/factories';

type PublicBoard = InferResponseType<ApiClient['boards'][':username']['$get'], 200>;

type SendOptions = { token?: string; json?: unknown; headers?: Record<string, string> };

/**
 * Calls the Worker with the test's own `env` (so spies on it are the ones the routes use) and
 * waits for what the request left running: the cache write, the view, a version retry.
 */
let visitors = 0;

async function send(method: string, path: string, options: SendOptions = {}, workerEnv: Env = env) {
  const headers = new Headers(options.headers);
  // Another visitor each time: a view counts once per visitor in 30 minutes.
  visitors += 1;
  headers.set(
    'cf-connecting-ip',
    `10.61.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`,
  );
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, { method, headers, body }),
    workerEnv,
  );
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The public board as the API answers an anonymous visitor. */
async function readBoard(username: string, options: SendOptions = {}, workerEnv = env) {
  const response = await send('GET', `/api/boards/${username}`, options, workerEnv);
  const body: PublicBoard | undefined =
    response.status === 200 ? JSON.parse(response.text) : undefined;
  return { ...response, body };
}

const readEmbed = (username: string, options: SendOptions = {}) =>
  send('GET', `/embed/@${username}`, options);

const titles = (body: { blocks: { title: string }[] } | undefined) => {
  if (!body) throw new Error('no board in the answer');
  return body.blocks.map((block) => block.title);
};

/** A change made straight in D1, behind the API's back: no version bump, so no cached answer moves. */
async function retitleInD1(blockId: number, title: string) {
  await env.DB.prepare('UPDATE blocks SET title = ? WHERE id = ?').bind(title, blockId).run();
}

async function totalViews(owner: TestUser) {
  return (await viewsOf(owner)).totalViews;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('public board reads from the edge cache', () => {
  it('answers a second anonymous API read from the cache until an edit changes the board', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Original title']);

    await retitleInD1(block.id, 'Changed behind the API');
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Original title']);

    const edited = await send('PUT', `/api/blocks/${block.id}`, {
      token: owner.token,
      json: blockPayload({ title: 'Edited through the API' }),
    });
    expect(edited.status).toBe(200);
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Edited through the API']);
  });

  it('answers a second embed load from the cache until an edit changes the board', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    expect((await readEmbed(owner.username)).text).toContain('Original title');

    await retitleInD1(block.id, 'Changed behind the API');
    const cached = await readEmbed(owner.username);
    expect(cached.status).toBe(200);
    expect(cached.text).toContain('Original title');
    // The cached copy keeps the policy naming its own inline style and script.
    expect(cached.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);

    await send('PUT', '/api/boards/me', { token: owner.token, json: { hideAllImages: true } });
    const fresh = await readEmbed(owner.username);
    expect(fresh.text).toContain('Changed behind the API');
    expect(fresh.text).not.toContain('<img');
  });

  it('keys cached answers by deploy, so a new deploy never answers from the previous one', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Before the deploy' });
    await readBoard(owner.username);
    await retitleInD1(block.id, 'After the deploy');

    const nextDeploy = {
      ...env,
      CF_VERSION_METADATA: { id: crypto.randomUUID(), tag: '', timestamp: '' },
    } as typeof env;
    expect(titles((await readBoard(owner.username, {}, nextDeploy)).body)).toEqual([
      'After the deploy',
    ]);
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Before the deploy']);
  });

  it('gives the API answer and the embed a strong ETag, and a 304 with no body when it matches', async () => {
    const owner = await createUser();
    await createBlock(owner);
    for (const path of [`/api/boards/${owner.username}`, `/embed/@${owner.username}`]) {
      const first = await send('GET', path);
      const etag = first.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^"[0-9a-f]{32}"$/);

      const again = await send('GET', path);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.text, path).toBe(first.text);

      // If-None-Match compares weakly: a W/ copy of the tag (an edge recompressed it) matches too.
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const revalidated = await send('GET', path, { headers: { 'if-none-match': ifNoneMatch } });
        expect(revalidated.status, ifNoneMatch).toBe(304);
        expect(revalidated.text).toBe('');
        expect(revalidated.headers.get('etag')).toBe(etag);
        expect(revalidated.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      }
      const changed = await send('GET', path, { headers: { 'if-none-match': '"stale"' } });
      expect(changed.status).toBe(200);
      expect(changed.text).toBe(first.text);
    }
  });

  it('tells browsers to revalidate each time, and keeps the board id inside the Worker', async () => {
    const owner = await createUser();
    for (let load = 0; load < 2; load += 1) {
      const api = await send('GET', `/api/boards/${owner.username}`);
      expect(api.headers.get('cache-control')).toBe('no-cache');
      expect(api.headers.get('vary')).toBe('Authorization');
      const embed = await readEmbed(owner.username);
      expect(embed.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      for (const { headers } of [api, embed]) {
        expect([...headers.keys()].filter((name) => name.startsWith('x-up2'))).toEqual([]);
      }
    }
  });

  it('caches no 404: a board registered under a name that was not found shows at once', async () => {
    const username = uniqueName('late');
    expect((await readBoard(username)).status).toBe(404);
    expect((await readEmbed(username)).status).toBe(404);
    const owner = await createUser({ username });
    expect((await readBoard(username)).body?.user.username).toBe(owner.username);
    expect((await readEmbed(username)).status).toBe(200);
  });
});

describe('every edit shows at once in the cached public answers', () => {
  type Edit = {
    behaviour: string;
    edit: (owner: TestUser, block: { id: number }) => Promise<{ status: number }>;
    shows: (board: PublicBoard, embed: string) => void;
  };
  const edits: Edit[] = [
    {
      behaviour: 'a new block',
      edit: (owner) =>
        send('POST', '/api/blocks', {
          token: owner.token,
          json: blockPayload({ title: 'A brand new block' }),
        }),
      shows: (board, embed) => {
        expect(titles(board)).toContain('A brand new block');
        expect(embed).toContain('A brand new block');
      },
    },
    {
      behaviour: 'an edited block',
      edit: (owner, block) =>
        send('PUT', `/api/blocks/${block.id}`, {
          token: owner.token,
          json: blockPayload({ title: 'Edited title' }),
        }),
      shows: (board, embed) => {
        expect(titles(board)).toEqual(['Edited title']);
        expect(embed).toContain('Edited title');
      },
    },
    {
      behaviour: 'a hidden block',
      edit: (owner, block) =>
        send('PUT', `/api/blocks/${block.id}`, {
          token: owner.token,
          json: blockPayload({ isVisible: false }),
        }),
      shows: (board, embed) => {
        expect(board.blocks).toEqual([]);
        expect(embed).not.toContain('The Pragmatic Programmer');
      },
    },
    {
      behaviour: 'a block moved to another status',
      edit: (owner, block) =>
        send('PUT', `/api/blocks/${block.id}`, { token: owner.token, json: { status: 'done' } }),
      shows: (board, embed) => {
        expect(board.blocks[0]).toMatchObject({ status: 'done', progress: 100 });
        expect(embed).toMatch(/data-status-choice="done"[^>]*\/>Done<span[^>]*>1<\/span>/);
      },
    },
    {
      behaviour: 'a deleted block',
      edit: (owner, block) => send('DELETE', `/api/blocks/${block.id}`, { token: owner.token }),
      shows: (board, embed) => {
        expect(board.blocks).toEqual([]);
        expect(embed).not.toContain('The Pragmatic Programmer');
      },
    },
    {
      behaviour: "a block copied onto the copier's board",
      edit: async (owner) => {
        const other = await createUser();
        const source = await createBlock(other, { title: 'Worth copying' });
        return send('POST', `/api/blocks/${source.id}/copy`, { token: owner.token });
      },
      shows: (board, embed) => {
        expect(titles(board)).toContain('Worth copying');
        expect(embed).toContain('Worth copying');
      },
    },
    {
      behaviour: 'changed board settings',
      edit: (owner) =>
        send('PUT', '/api/boards/me', {
          token: owner.token,
          json: { globalImageRatio: 'wide', hideAllImages: true },
        }),
      shows: (board, embed) => {
        expect(board.board).toMatchObject({ globalImageRatio: 'wide', hideAllImages: true });
        expect(embed).not.toContain('<img');
      },
    },
    {
      behaviour: 'a new display name, bio, tagline and avatar',
      edit: (owner) =>
        send('PUT', '/api/auth/me', {
          token: owner.token,
          json: {
            displayName: 'Renamed Person',
            bio: 'A brand new bio',
            tagline: 'A brand new tagline',
            avatar: 'https://example.com/new-avatar.png',
          },
        }),
      shows: (board, embed) => {
        expect(board.user).toMatchObject({
          displayName: 'Renamed Person',
          bio: 'A brand new bio',
          tagline: 'A brand new tagline',
          avatar: 'https://example.com/new-avatar.png',
        });
        expect(embed).toContain('Renamed Person');
        expect(embed).toContain('A brand new bio');
      },
    },
  ];

  it.each(edits)('shows $behaviour', async ({ edit, shows }) => {
    const owner = await createUser();
    const block = await createBlock(owner);
    // Both answers cached before the edit.
    for (let load = 0; load < 2; load += 1) {
      expect((await readBoard(owner.username)).status).toBe(200);
      expect((await readEmbed(owner.username)).status).toBe(200);
    }
    expect((await edit(owner, block)).status).toBeLessThan(300);
    const board = (await readBoard(owner.username)).body;
    if (!board) throw new Error('the board is not found after the edit');
    shows(board, (await readEmbed(owner.username)).text);
  });

  it('answers 404 at once, API and embed, when the owner makes a cached board private', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Soon private' });
    await readBoard(owner.username);
    await readEmbed(owner.username);
    expect((await readBoard(owner.username)).status).toBe(200);

    const toggled = await send('PUT', '/api/auth/me', {
      token: owner.token,
      json: { isPublic: false },
    });
    expect(toggled.status).toBe(200);
    const api = await readBoard(owner.username);
    expect(api.status).toBe(404);
    expect(api.text).not.toContain('Soon private');
    const embed = await readEmbed(owner.username);
    expect(embed.status).toBe(404);
    expect(embed.text).not.toContain('Soon private');
  });
});

describe('views of cached boards', () => {
  it('counts every anonymous answer: rendered, from the cache and 304', async () => {
    const owner = await createUser();
    const fresh = await send('GET', `/api/boards/${owner.username}`);
    const etag = fresh.headers.get('etag') ?? '';
    const cached = await send('GET', `/api/boards/${owner.username}`);
    expect(cached.status).toBe(200);
    const revalidated = await send('GET', `/api/boards/${owner.username}`, {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
    const embeds = [await readEmbed(owner.username), await readEmbed(owner.username)];
    expect(embeds.map((embed) => embed.status)).toEqual([200, 200]);
    const embedRevalidated = await readEmbed(owner.username, {
      headers: { 'if-none-match': embeds[0]?.headers.get('etag') ?? '' },
    });
    expect(embedRevalidated.status).toBe(304);

    await runCron();
    expect(await totalViews(owner)).toBe(6);
  });

  it('counts no view for a HEAD, on the page, the embed or the API', async () => {
    const owner = await createUser();
    const { env: withShell } = withAppShell(
      '<!doctype html><html><head></head><body></body></html>',
    );
    const paths = [
      `/@${owner.username}`,
      `/embed/@${owner.username}`,
      `/api/boards/${owner.username}`,
    ];
    for (const path of paths) {
      for (let i = 0; i < 3; i++)
        expect((await send('HEAD', path, {}, withShell)).status).toBe(200);
    }
    expect((await send('GET', `/@${owner.username}`, {}, withShell)).status).toBe(200);
    await runCron();
    expect(await totalViews(owner)).toBe(1);
  });

  it('counts no view for a board not found', async () => {
    const owner = await createUser({ isPublic: false });
    expect((await readBoard(owner.username)).status).toBe(404);
    expect((await readEmbed(owner.username)).status).toBe(404);
    await runCron();
    expect(await totalViews(owner)).toBe(0);
  });
});

describe('signed-in reads', () => {
  it("never serve a signed-in owner's read from the cache, nor store it there", async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    await createBlock(owner, { title: 'Hidden plan', isVisible: false });
    await readBoard(owner.username);
    await retitleInD1(block.id, 'Changed behind the API');

    const own = await readBoard(owner.username, { token: owner.token });
    expect(titles(own.body)).toEqual(['Changed behind the API', 'Hidden plan']);
    expect(own.body?.user).toHaveProperty('email', owner.email);
    expect(own.headers.get('etag')).toBeNull();

    const anonymous = await readBoard(owner.username);
    expect(titles(anonymous.body)).toEqual(['Original title']);
    expect(anonymous.text).not.toContain(owner.email);
    expect(anonymous.text).not.toContain('Hidden plan');

    // Nor are they views, cached or not.
    await runCron();
    expect(await totalViews(owner)).toBe(2);
  });

  it("serve another signed-in visitor the live board, counted, and no one else's cached copy", async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    await readBoard(owner.username);
    await retitleInD1(block.id, 'Changed behind the API');
    const visitor = await createUser();
    const read = await readBoard(owner.username, { token: visitor.token });
    expect(titles(read.body)).toEqual(['Changed behind the API']);
    await runCron();
    expect(await totalViews(owner)).toBe(2);
  });
});

describe('a cached answer', () => {
  it('is held in memory for a second once rendered or looked up, so a hot board costs one edge cache lookup a second per isolate', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const edgeCache = (caches as unknown as { default: Cache }).default;
    const match = vi.spyOn(edgeCache, 'match');
    const lookupsOfBoard = () =>
      match.mock.calls.filter(([key]) =>
        new URL(key instanceof Request ? key.url : String(key)).pathname.endsWith(
          `/api/${owner.username}`,
        ),
      ).length;
    // Each read waits until its view is counted (two batching windows and the counter shard's
    // first write): reads that must fall within the second are sent together.
    const readTogether = async (count: number) =>
      Promise.all(Array.from({ length: count }, () => readBoard(owner.username)));
    const reads = [await readBoard(owner.username)];
    const afterRender = lookupsOfBoard();
    reads.push(...(await readTogether(3)));
    expect(lookupsOfBoard()).toBe(afterRender);

    await scheduler.wait(1100);
    reads.push(await readBoard(owner.username));
    reads.push(...(await readTogether(2)));
    expect(lookupsOfBoard()).toBe(afterRender + 1);
    expect(reads.map((read) => read.status)).toEqual(Array(7).fill(200));
    expect(new Set(reads.map((read) => read.text)).size).toBe(1);
  });
});

describe("a board's version, read from KV", () => {
  it('is read once a second per isolate, not once per answer', async () => {
    const owner = await createUser();
    await createBlock(owner);
    // The edit left its version in this isolate's memory: let that lapse.
    await scheduler.wait(1100);
    const get = vi.spyOn(env.COUNTERS, 'get');
    for (let i = 0; i < 3; i++) expect((await readBoard(owner.username)).status).toBe(200);
    // The spy is typed after KV's many-keys overload; each call here reads one key.
    const versionReads = get.mock.calls.filter(
      ([key]) => String(key) === `board-version:${owner.username}`,
    );
    expect(versionReads).toHaveLength(1);
  });

  it('brings an edit made in another isolate within a second of its version landing in KV', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    await readBoard(owner.username);
    // Another isolate's edit: D1 changed and a new version written, none of it through this one.
    await retitleInD1(block.id, 'Edited elsewhere');
    await env.COUNTERS.put(`board-version:${owner.username}`, crypto.randomUUID());
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Original title']);
    await scheduler.wait(1100);
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Edited elsewhere']);
  });
});

describe('version bumps KV refuses', () => {
  it('keep the edit, retry the write once a second later, and log when both fail', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    const put = vi
      .spyOn(env.COUNTERS, 'put')
      .mockRejectedValue(new Error('KV PUT failed: 429 Too Many Requests'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();
    const edited = await send('PUT', `/api/blocks/${block.id}`, {
      token: owner.token,
      json: blockPayload({ title: 'Edited title' }),
    });
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.text).block.title).toBe('Edited title');
    expect(put).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining(`Board ${owner.username} changed`),
      expect.any(Error),
    );
    put.mockRestore();

    const mine = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks.map((b: { title: string }) => b.title)).toEqual(['Edited title']);
  });

  it('make the edit show once the retried write lands', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });
    await readBoard(owner.username);
    vi.spyOn(env.COUNTERS, 'put').mockRejectedValueOnce(new Error('429 Too Many Requests'));
    const edited = await send('PUT', `/api/blocks/${block.id}`, {
      token: owner.token,
      json: blockPayload({ title: 'Edited title' }),
    });
    expect(edited.status).toBe(200);
    expect(titles((await readBoard(owner.username)).body)).toEqual(['Edited title']);
  });
});

describe('where the Cache API does nothing (workers.dev)', () => {
  it('shows every edit at once, with ETags, 304s and views all still right', async () => {
    const cache = (caches as unknown as { default: Cache }).default;
    vi.spyOn(cache, 'match').mockResolvedValue(undefined);
    const put = vi.spyOn(cache, 'put').mockResolvedValue(undefined);
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Original title' });

    const first = await readBoard(owner.username);
    expect(put).toHaveBeenCalled();
    const edited = await readJson(
      apiClient({ token: owner.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: blockPayload({ title: 'Edited through the API' }),
      }),
    );
    expect(edited.status).toBe(200);
    const second = await readBoard(owner.username);
    expect(titles(second.body)).toEqual(['Edited through the API']);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    const revalidated = await readBoard(owner.username, {
      headers: { 'if-none-match': second.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);

    await runCron();
    expect(await totalViews(owner)).toBe(3);
  });
});
