import { env } from 'cloudflare:workers';
import { Resvg } from '@resvg/resvg-wasm';
import { encode as encodePng } from 'fast-png';
import type { InferRequestType } from 'hono/client';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPublicBoard } from '../../../domain/boards/boards';
import { getDb } from '../../../platform/db';
import { type OgCard, ogCardFingerprint, ogCardOf, ogCardTree } from '../../../render/og-card';
import { ogCardSvg } from '../../../render/og-image';
import {
  type ApiClient,
  apiClient,
  call,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  type TestUser,
  withAppShell,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Through the Worker's fetch handler, waiting for the work it leaves running (the R2 write). */
async function fetchImage(path: string, headers?: HeadersInit) {
  const response = await fetchSettled(new Request(`http://up2.test${path}`, { headers }));
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Width and height from a PNG's IHDR chunk, which always comes first after the signature. */
function pngSize(bytes: Uint8Array) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const header = new DataView(bytes.buffer, bytes.byteOffset + 8);
  expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR');
  return { width: header.getUint32(8), height: header.getUint32(12) };
}

async function storedCards(username: string) {
  const listed = await env.IMAGES.list({ prefix: `og/${username}/` });
  return listed.objects.map((object) => object.key);
}

/** Where the board page's head tells unfurlers to fetch the card. */
async function advertisedImage(username: string) {
  const assets = withAppShell('<!doctype html><html><head></head><body></body></html>');
  const page = await fetchSettled(new Request(`http://up2.test/@${username}`), assets.env);
  const html = await page.text();
  return html.match(/<meta property="og:image" content="([^"]+)">/)?.[1] ?? '';
}

type ProfileChange = InferRequestType<ApiClient['auth']['me']['$put']>['json'];

async function updateProfile(user: TestUser, profile: ProfileChange) {
  const updated = await apiClient({ token: user.token }).auth.me.$put({ json: profile });
  expect(updated.status).toBe(200);
}

async function cardOf(username: string): Promise<OgCard> {
  const board = await findPublicBoard(getDb(env), username);
  if (!board) throw new Error(`no public board ${username}`);
  return ogCardOf(board.body);
}

/** Every string the tree would draw, its components expanded as the renderer expands them. */
function textDrawn(node: unknown): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(textDrawn);
  if (!node || typeof node !== 'object' || !('props' in node)) return [];
  const element = node as ReactElement<{ children?: unknown }>;
  if (typeof element.type === 'function') {
    return textDrawn((element.type as (props: unknown) => unknown)(element.props));
  }
  return textDrawn(element.props.children);
}

describe('GET /api/og/:username.png', () => {
  it('answers a 1200×630 PNG of the board, kept in R2 once made', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Learning the cello' });
    expect(await storedCards(owner.username)).toEqual([]);

    const first = await fetchImage(`/api/og/${owner.username}.png`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/png');
    expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 });

    const fingerprint = await ogCardFingerprint(await cardOf(owner.username));
    const key = `og/${owner.username}/${fingerprint}.png`;
    expect(await storedCards(owner.username)).toEqual([key]);
    const stored = await env.IMAGES.get(key);
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? [])).toEqual(first.bytes);
  });

  it('answers a stored card from R2 without rendering it again', async () => {
    const owner = await createUser();
    const render = vi.spyOn(Resvg.prototype, 'render');
    const first = await fetchImage(`/api/og/${owner.username}.png`);
    expect(render).toHaveBeenCalledTimes(1);

    const again = await fetchImage(`/api/og/${owner.username.toUpperCase()}.png`);
    expect(again.response.status).toBe(200);
    expect(again.bytes).toEqual(first.bytes);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('draws a new card at a new address when what it shows changes, and drops the old one', async () => {
    const owner = await createUser();
    const address = await advertisedImage(owner.username);
    expect(address).toMatch(
      new RegExp(`^http://up2\\.test/api/og/${owner.username}\\.png\\?v=[0-9a-f]{24}$`),
    );
    const before = await fetchImage(new URL(address).pathname + new URL(address).search);

    // The bio is not on the card: the card, its address and its bytes stay.
    await updateProfile(owner, { bio: 'Not drawn on the card' });
    expect(await advertisedImage(owner.username)).toBe(address);

    await createBlock(owner, { title: 'Walking the Camino' });
    const changed = await advertisedImage(owner.username);
    expect(changed).not.toBe(address);
    const after = await fetchImage(`/api/og/${owner.username}.png`);
    expect(after.bytes).not.toEqual(before.bytes);
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect(await storedCards(owner.username)).toEqual([
      `og/${owner.username}/${new URL(changed).searchParams.get('v')}.png`,
    ]);
  });

  it('is cached for minutes, revalidated by a strong ETag, and readable by any site', async () => {
    const owner = await createUser();
    const { response } = await fetchImage(`/api/og/${owner.username}.png`);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"og-[0-9a-f]{24}"$/);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=300, stale-while-revalidate=86400',
    );
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");

    const revalidated = await fetchImage(`/api/og/${owner.username}.png`, {
      'if-none-match': etag ?? '',
    });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.bytes).toHaveLength(0);
    expect(revalidated.response.headers.get('etag')).toBe(etag);
  });

  it('answers 404 for unknown and private boards and for names no board can have', async () => {
    const hidden = await createUser({ isPublic: false });
    const render = vi.spyOn(Resvg.prototype, 'render');
    for (const path of [
      '/api/og/nosuchcard1.png',
      `/api/og/${hidden.username}.png`,
      '/api/og/x.png',
      '/api/og/not_a_name.png',
      `/api/og/${hidden.username}.jpg`,
    ]) {
      const response = await call('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    expect(render).not.toHaveBeenCalled();
    expect(await storedCards(hidden.username)).toEqual([]);
  });
});

describe('the card', () => {
  it('shows the owner and their first four visible Now blocks, and nothing a visitor cannot see', async () => {
    const owner = await createUser();
    await updateProfile(owner, {
      displayName: 'Rosa Díaz',
      tagline: 'Cellist in training',
      bio: 'A bio stays on the board page',
    });
    await createBlock(owner, { title: 'Hidden now', isVisible: false });
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await createBlock(owner, { title, label: null, status: 'now' });
    }
    await createBlock(owner, { title: 'A plan', status: 'planned' });
    await createBlock(owner, { title: 'A done thing', status: 'done', progress: 100 });

    const card = await cardOf(owner.username);
    expect(card).toEqual({
      username: owner.username,
      displayName: 'Rosa Díaz',
      tagline: 'Cellist in training',
      avatar: null,
      accent: 'violet',
      now: ['One', 'Two', 'Three', 'Four'].map((title) => ({
        type: 'books-reading',
        emoji: 'BookOpen',
        category: 'learning',
        label: 'Books & Reading',
        title,
      })),
    });

    const drawn = textDrawn(ogCardTree(card, null)).join('\n');
    for (const shown of ['Rosa Díaz', `@${owner.username}`, 'Cellist in training', 'Four', 'Up2']) {
      expect(drawn).toContain(shown);
    }
    for (const unseen of ['Hidden now', 'Five', 'A plan', 'A done thing', 'A bio', owner.email]) {
      expect(drawn).not.toContain(unseen);
    }
  });

  it("shows the uploaded avatar, else the name's initial; no tagline line when there is none", async () => {
    const owner = await createUser();
    await updateProfile(owner, { displayName: 'émile', tagline: '   ' });
    const plain = await cardOf(owner.username);
    expect(plain.tagline).toBeNull();
    expect(textDrawn(ogCardTree(plain, null))).toEqual(['É', 'émile', `@${owner.username}`, 'Up2']);

    const withInitial = await fetchImage(`/api/og/${owner.username}.png`);

    const pixels = new Uint8Array(48).fill(200);
    const png = new Uint8Array(encodePng({ width: 4, height: 4, data: pixels, channels: 3 }));
    const file = new File([png], 'me.png', { type: 'image/png' });
    const uploaded = await readJson(
      apiClient({ token: owner.token }).upload.avatar.$post({ form: { file } }),
    );
    expectStatus(uploaded, 201);
    await updateProfile(owner, { avatar: uploaded.body.url });
    const withAvatar = await cardOf(owner.username);
    expect(withAvatar.avatar).toBe(uploaded.body.url);
    const picture = `data:image/png;base64,${btoa(String.fromCharCode(...png))}`;
    expect(await ogCardSvg(withAvatar, picture)).toContain('<image');
    const withPicture = await fetchImage(`/api/og/${owner.username}.png`);
    expect(withPicture.response.status).toBe(200);
    expect(withPicture.bytes).not.toEqual(withInitial.bytes);

    // A picture from another site cannot be fetched here: the initial stands in.
    await updateProfile(owner, { avatar: 'https://example.com/me.png' });
    expect((await cardOf(owner.username)).avatar).toBeNull();
  });
});
