import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownImagePath } from '../../../../schema/fields';
import {
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { resolveNames } from '../../../test/host-names';
import { outsideSite, servePage, timesFetched } from '../../../test/outside-site';

const production = { ...env, UNFURL_PRIVATE_ADDRESSES: 'false' } as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

function smallPng(): Uint8Array {
  const data = new Uint8Array(8 * 6 * 3).map((_, i) => (i * 11) % 256);
  return new Uint8Array(encodePng({ width: 8, height: 6, data, channels: 3 }));
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function create(owner: TestUser, imageUrl: string, workerEnv?: Env) {
  const api = apiClient({ token: owner.token, settled: workerEnv ?? false });
  return readJson(api.blocks.$post({ json: blockPayload({ imageUrl }) }));
}

describe('an image URL given for a block', () => {
  it('is copied into our store when the block is saved, so the board shows our copy', async () => {
    const png = smallPng();
    const outside = await servePage({
      headers: { 'content-type': 'image/png' },
      base64: base64(png),
    });
    expect(outside.startsWith('http://')).toBe(true);
    const owner = await createUser();
    const created = await create(owner, outside);
    expectStatus(created, 201);
    const kept = created.body.block.imageUrl ?? '';
    expect(kept).toMatch(ownImagePath);
    expect(kept.startsWith(`/api/images/blocks/${owner.id}/`)).toBe(true);
    const served = await call('GET', kept);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    // An edit to another outside image copies that one; keeping ours fetches nothing.
    const again = await servePage({
      headers: { 'content-type': 'image/png' },
      base64: base64(png),
    });
    const edited = await editBlock(owner, created.body.block.id, { imageUrl: again });
    expectStatus(edited, 200);
    expect(edited.body.block.imageUrl).toMatch(ownImagePath);
    expect(edited.body.block.imageUrl).not.toBe(kept);
    const unchanged = await editBlock(owner, created.body.block.id, {
      imageUrl: edited.body.block.imageUrl ?? '',
    });
    expectStatus(unchanged, 200);
    expect(unchanged.body.block.imageUrl).toBe(edited.body.block.imageUrl);
    expect([await timesFetched(outside), await timesFetched(again)]).toEqual([1, 1]);
  });

  it('that is not an image, fails or is too large is refused at the image field, and nothing is saved', async () => {
    const owner = await createUser();
    const page = await servePage({ headers: { 'content-type': 'text/html' }, body: '<p>Hi</p>' });
    const notImage = await create(owner, page);
    expectStatus(notImage, 400);
    expect(notImage.body.fields?.imageUrl).toBe(
      'The link does not lead to an image we can show. Please upload a PNG, JPEG, WebP or GIF image.',
    );

    const missing = await create(owner, `${outsideSite}/${uniqueName('missing')}.png`);
    expectStatus(missing, 422);
    expect(missing.body.fields?.imageUrl).toBe(
      'The image could not be fetched: its site answered with an error (HTTP 404).',
    );

    const huge = await servePage({
      headers: { 'content-type': 'image/png' },
      body: 'x'.repeat(64 * 1024),
      repeat: 40,
    });
    const tooLarge = await create(owner, huge);
    expectStatus(tooLarge, 400);
    expect(tooLarge.body.fields?.imageUrl).toBe('The image is larger than 2 MB.');

    const mine = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks).toEqual([]);
  });

  it('in production, at a private or loopback address, is refused before any connection', async () => {
    const owner = await createUser();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    for (const imageUrl of [
      'http://127.0.0.1/cover.png',
      'http://10.0.0.8/a.png',
      'http://[::1]/a.png',
    ]) {
      const refused = await create(owner, imageUrl, production);
      expectStatus(refused, 400);
      expect(refused.body.fields?.imageUrl).toBe(
        'Links to private or local addresses cannot be read.',
      );
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('in production, at a public-looking name that resolves to loopback, is refused before any connection', async () => {
    const owner = await createUser();
    resolveNames({ 'rt-rebind.example.com': ['127.0.0.1'] });
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('image'));
    const refused = await create(owner, 'http://rt-rebind.example.com/a.png', production);
    expectStatus(refused, 422);
    expect(refused.body.fields?.imageUrl).toBe(
      'Links to private or local addresses cannot be read.',
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('already in our store is kept as it is, with no fetch', async () => {
    const owner = await createUser();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const own = `/api/images/blocks/${owner.id}/${crypto.randomUUID()}.png`;
    expect((await createBlock(owner, { imageUrl: own })).imageUrl).toBe(own);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
