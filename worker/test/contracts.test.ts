import { describe, expect, it } from 'vitest';
import { app } from '../http/app';
import {
  apiClient,
  call,
  callJson,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  uniqueName,
  withAppShell,
} from './factories';

const visitorBlockKeys = [
  'category',
  'description',
  'emoji',
  'externalUrl',
  'id',
  'imageAspectRatio',
  'imagePosition',
  'imageUrl',
  'isWide',
  'label',
  'linkReported',
  'linksOwnProfile',
  'progress',
  'progressEnabled',
  'rating',
  'review',
  'status',
  'statusSince',
  'subtitle',
  'title',
  'type',
];
const visitorUserKeys = ['avatar', 'bio', 'displayName', 'tagline', 'username'];
const boardSettingsKeys = ['accent', 'globalImageRatio', 'hideAllImages'];
const shownBoardKeys = [
  ...boardSettingsKeys,
  'goals',
  'movedTo',
  'nofollowLinks',
  'reviewYear',
  'streakWeeks',
  'updatedAt',
].sort();

const keysOf = (value: object | undefined) => Object.keys(value ?? {}).sort();

/** A public board whose one block has been copied and clicked, so every owner-only count is set. */
async function boardWithCounts() {
  const owner = await createUser();
  const block = await createBlock(owner);
  const copier = await createUser();
  await apiClient({ token: copier.token }).blocks[':id'].copy.$post({
    param: { id: String(block.id) },
  });
  return { owner, block };
}

function appState(html: string): { queryKey: unknown[]; data: unknown }[] {
  const json = html.match(/<script type="application\/json" id="app-state">(.*?)<\/script>/s)?.[1];
  if (!json) throw new Error('the page carries no #app-state');
  return JSON.parse(json);
}

const shell =
  '<!doctype html><html><head><title>Up2</title></head><body><div id="root"></div></body></html>';

describe('anonymous answers carry only what visitors see', () => {
  it('GET /api/boards/{username}: board settings, the visible blocks and who owns them', async () => {
    const { owner } = await boardWithCounts();
    const answer = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
    );
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body)).toEqual(['blocks', 'board', 'tabs', 'user']);
    expect(keysOf(body.board)).toEqual(shownBoardKeys);
    expect(keysOf(body.user)).toEqual(visitorUserKeys);
    expect(keysOf(body.tabs)).toEqual(['done', 'now', 'planned']);
    expect(keysOf(body.tabs.now)).toEqual(['count', 'next']);
    expect(body.blocks).toHaveLength(1);
    expect(keysOf(body.blocks[0])).toEqual(visitorBlockKeys);
  });

  it('GET /api/boards/{username}/years/{year}: the year figures, with blocks and owner as visitors see them', async () => {
    const { owner } = await boardWithCounts();
    await createBlock(owner, { status: 'done', progress: 100 });
    const answer = await readJson(
      apiClient().boards[':username'].years[':year'].$get({
        param: { username: owner.username, year: String(new Date().getUTCFullYear()) },
      }),
    );
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body.user)).toEqual(visitorUserKeys);
    expect(keysOf(body.board)).toEqual(boardSettingsKeys);
    expect(keysOf(body.firstFinished ?? undefined)).toEqual(visitorBlockKeys);
  });

  it('GET /api/discover: each board as its owner, settings, its first visible blocks and how many more, the next cursor, the total and whether it is a floor', async () => {
    const q = uniqueName('dk');
    const owner = await createUser({ username: q });
    await createBlock(owner);
    const answer = await readJson(apiClient().discover.$get({ query: { q: q } }));
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body)).toEqual(['boards', 'nextCursor', 'total', 'totalIsFloor']);
    expect(body.boards).toHaveLength(1);
    expect(keysOf(body.boards[0])).toEqual(['blocks', 'board', 'moreBlocks', 'user']);
    expect(keysOf(body.boards[0]?.board)).toEqual(boardSettingsKeys);
    expect(keysOf(body.boards[0]?.user)).toEqual(visitorUserKeys);
    expect(keysOf(body.boards[0]?.blocks[0])).toEqual(visitorBlockKeys);
  });

  it('GET /api/oembed: the oEmbed 1.0 fields and nothing else', async () => {
    const { owner } = await boardWithCounts();
    const url = `http://up2.test/@${owner.username}`;
    const answer = await readJson(apiClient().oembed.$get({ query: { url } }));
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body)).toEqual(
      [
        'author_name',
        'author_url',
        'cache_age',
        'height',
        'html',
        'provider_name',
        'provider_url',
        'thumbnail_height',
        'thumbnail_url',
        'thumbnail_width',
        'title',
        'type',
        'version',
        'width',
      ].sort(),
    );
  });

  it("the board page's state, fetched when the app starts, is the public answer, key for key", async () => {
    const { owner } = await boardWithCounts();
    const page = await fetchSettled(
      new Request(`http://up2.test/@${owner.username}`),
      withAppShell(shell).env,
    );
    const source = /id="app-state" data-source="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const state = await fetchSettled(
      new Request(`http://up2.test${source.replace(/&amp;/g, '&')}`),
    );
    expect(state.status).toBe(200);
    const [boardSeed] = await state.json<{ queryKey: unknown[]; data: unknown }[]>();
    const board = boardSeed?.data as { blocks: object[]; user: object; board: object };
    expect(keysOf(board)).toEqual(['blocks', 'board', 'tabs', 'user']);
    expect(keysOf(board.user)).toEqual(visitorUserKeys);
    expect(keysOf(board.blocks[0] as object)).toEqual(visitorBlockKeys);
  });

  it("the landing page's seeded state names people, not accounts", async () => {
    await boardWithCounts();
    const page = await fetchSettled(new Request('http://up2.test/'), withAppShell(shell).env);
    const [liveBoards] = appState(await page.text());
    const people = liveBoards?.data as object[];
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      expect(keysOf(person)).toEqual(['avatar', 'bio', 'displayName', 'username']);
    }
  });

  it('the embed names no owner-only count or internal id', async () => {
    const { owner, block } = await boardWithCounts();
    const page = await call('GET', `/embed/@${owner.username}`);
    const html = await page.text();
    expect(html).toContain(block.title);
    for (const leak of ['copyCount', 'clickCount', 'userId', 'copiedFrom']) {
      expect(html).not.toContain(leak);
    }
  });
});

describe('the signed-in owner sees their own counts', () => {
  it('GET /api/blocks/me carries visibility, copies and clicks', async () => {
    const { owner } = await boardWithCounts();
    const answer = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body.blocks[0])).toEqual(
      [...visitorBlockKeys, 'clickCount', 'copyCount', 'isVisible'].sort(),
    );
    expect(body.blocks[0]?.copyCount).toBe(1);
  });

  it('GET /api/auth/me names the account, never its password hash', async () => {
    const user = await createUser();
    const answer = await readJson(apiClient({ token: user.token }).auth.me.$get());
    expectStatus(answer, 200);
    const { body } = answer;
    expect(keysOf(body.user)).toEqual(
      [
        ...visitorUserKeys,
        'email',
        'emailOptIn',
        'emailVerified',
        'id',
        'isAdmin',
        'isModerator',
        'isPublic',
      ].sort(),
    );
  });
});

type OpenApiOperation = {
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
};

/** A path of the document with each parameter filled with something no board, block or user is. */
function withUnknownParameters(path: string): string {
  return `/api${path}`
    .replace(/\{(id|blockId|userId)\}/g, '987654321')
    .replace(/\{file\}/g, 'nobody1x9.png')
    .replace(/\{kind\}/g, 'avatars')
    .replace(/\{owner\}/g, '987654321')
    .replace(/\{\w+\}/g, 'nobody1x9');
}

const oversizedJson = JSON.stringify({ filler: 'x'.repeat(70 * 1024) });

describe('GET /api/openapi.json', () => {
  it('documents every API route with the schema of its success answer', async () => {
    const { status, body } = await callJson<OpenApiDocument>('GET', '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const routes = app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .filter((route) => !['/api/openapi.json', '/api/docs'].includes(route.path));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const path = route.path.replace(/^\/api/, '').replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
      const operation = body.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      const success = Object.entries(operation?.responses ?? {}).filter(([code]) =>
        code.startsWith('2'),
      );
      expect(success.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      for (const [, answer] of success) expect(answer.content).toBeDefined();
    }
  });

  it('declares every refusal an operation really sends, in the one error shape', async () => {
    const { body } = await callJson<OpenApiDocument>('GET', '/api/openapi.json');
    const user = await createUser();
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = withUnknownParameters(path);
        const declared = Object.keys(operation.responses);
        const takesJson = operation.requestBody?.content?.['application/json'] !== undefined;
        const attempts: Array<[string, Parameters<typeof call>[2]]> = [
          ['signed out', {}],
          ['signed in', { token: user.token, body: takesJson ? {} : undefined }],
        ];
        if (takesJson) {
          attempts.push(
            [
              'not JSON',
              { token: user.token, body: 'hello', headers: { 'content-type': 'text/plain' } },
            ],
            [
              'too large',
              {
                token: user.token,
                body: oversizedJson,
                headers: { 'content-type': 'application/json' },
              },
            ],
          );
        }
        for (const [name, options] of attempts) {
          const response = await call(method.toUpperCase(), url, options);
          const status = String(response.status);
          if (!declared.includes(status)) {
            undeclared.push(`${method.toUpperCase()} ${path} (${name}): ${status}`);
          }
          if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
            const refusal = (await response.json()) as Record<string, unknown>;
            expect(typeof refusal.error, `${method} ${path} (${name})`).toBe('string');
            for (const key of Object.keys(refusal)) expect(['error', 'fields']).toContain(key);
          } else {
            await response.body?.cancel();
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  }, 120_000);

  it("describes a visitor's block with exactly the fields visitors see", async () => {
    // The document describes the API from outside it: it is not a route of AppType.
    const { body } = await callJson<OpenApiDocument>('GET', '/api/openapi.json');
    const board =
      body.paths['/boards/{username}']?.get?.responses['200']?.content?.['application/json'];
    const text = JSON.stringify(board);
    for (const field of ['progressEnabled', 'rating', 'review', 'isWide', 'accent']) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('userId');
  });
});

describe('GET /api/docs', () => {
  it('is a readable reference page that runs only its own nonce-bearing scripts', async () => {
    const response = await call('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain('src="/api-reference/scalar.js"');
    expect(html).toContain('/api/openapi.json');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("connect-src 'self'");
  });
});
