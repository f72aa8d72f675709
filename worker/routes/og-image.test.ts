import { env } from 'cloudflare:workers';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { ogImageVersion } from '../services/og-image';
import { call, createUser, fetchSettled } from '../test/factories';

/** Through the Worker's fetch handler, waiting for the work it leaves running (the R2 write). */
async function fetchImage(path: string, headers?: HeadersInit) {
  const response = await fetchSettled(new Request(`http://up2.test${path}`, { headers }));
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('GET /api/og/:username.png', () => {
  it('answers a 1200×630 PNG card for a public board, stored in R2 after it is first made', async () => {
    const owner = await createUser();
    const key = `og/v${ogImageVersion}/${owner.username}.png`;
    expect(await env.IMAGES.head(key)).toBeNull();

    const first = await fetchImage(`/api/og/${owner.username}.png`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/png');
    const image = decode(first.bytes);
    expect([image.width, image.height]).toEqual([1200, 630]);

    const stored = await env.IMAGES.get(key);
    expect(stored).not.toBeNull();
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? [])).toEqual(first.bytes);

    const again = await fetchImage(`/api/og/${owner.username.toUpperCase()}.png`);
    expect(again.response.status).toBe(200);
    expect(again.bytes).toEqual(first.bytes);
  });

  it('gives every board its own card, the same each time', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const first = await fetchImage(`/api/og/${a.username}.png`);
    const other = await fetchImage(`/api/og/${b.username}.png`);
    expect(first.bytes).not.toEqual(other.bytes);
    await env.IMAGES.delete(`og/v${ogImageVersion}/${a.username}.png`);
    const remade = await fetchImage(`/api/og/${a.username}.png`);
    expect(remade.bytes).toEqual(first.bytes);
  });

  it('is cached for minutes, revalidated by a strong ETag, and readable by any site', async () => {
    const owner = await createUser();
    const { response } = await fetchImage(`/api/og/${owner.username}.png`);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
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
    expect(await env.IMAGES.head(`og/v${ogImageVersion}/${hidden.username}.png`)).toBeNull();
  });
});
