import { env } from 'cloudflare:workers';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  call,
  createUser,
  expectStatus,
  offContract,
  readJson,
} from '../../../test/factories';

const appOrigin = new URL(env.APP_URL).origin;

type OembedQuery = InferRequestType<ApiClient['oembed']['$get']>['query'];

function oembed(query: OembedQuery, headers?: Record<string, string>) {
  return readJson(apiClient({ headers }).oembed.$get({ query }));
}

describe('GET /api/oembed', () => {
  it('answers a rich oEmbed 1.0 document whose html frames the embed page', async () => {
    const owner = await createUser();
    await apiClient({ token: owner.token }).auth.me.$put({
      json: { displayName: 'Zoë "Z" <b>Bold</b>' },
    });
    const response = await oembed({ url: `${appOrigin}/@${owner.username}`, format: 'json' });
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Up2',
      provider_url: `${appOrigin}/`,
      title: `Zoë "Z" <b>Bold</b> (@${owner.username}) - Up2`,
      author_name: 'Zoë "Z" <b>Bold</b>',
      author_url: `${appOrigin}/@${owner.username}`,
      cache_age: 300,
      html: `<iframe src="http://up2.test/embed/@${owner.username}" title="Zoë &quot;Z&quot; &lt;b&gt;Bold&lt;/b&gt; (@${owner.username}) on Up2" width="100%" height="600" frameborder="0" loading="lazy" style="border:0;max-width:100%"></iframe>`,
      width: 600,
      height: 600,
      thumbnail_url: `http://up2.test/api/og/${owner.username}.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
  });

  it('accepts every spelling of a board link of this site, json being the default format', async () => {
    const owner = await createUser();
    const name = owner.username;
    for (const url of [
      `http://up2.test/@${name}`,
      `http://up2.test/%40${name.toUpperCase()}`,
      `http://up2.test/${name}`,
      `http://up2.test/embed/@${name}`,
      `http://up2.test/embed/%40${name}/`,
      `${appOrigin}/@${name}?ref=chat#top`,
    ]) {
      const response = await oembed({ url });
      expectStatus(response, 200, url);
      expect(response.body.author_url).toBe(`${appOrigin}/@${name}`);
    }
  });

  it('keeps the embed and its thumbnail within maxwidth and maxheight', async () => {
    const owner = await createUser();
    const url = `http://up2.test/@${owner.username}`;
    const small = await oembed({ url, maxwidth: '400', maxheight: '300' });
    expectStatus(small, 200);
    expect(small.body).toMatchObject({ width: 400, height: 300 });
    expect(small.body.html).toContain('width="400" height="300"');
    expect(small.body).not.toHaveProperty('thumbnail_url');

    const large = await oembed({ url, maxwidth: '2000', maxheight: '1000' });
    expectStatus(large, 200);
    expect(large.body).toMatchObject({ width: 600, height: 600, thumbnail_width: 1200 });
  });

  it('answers 404 for unknown and private boards and for links that are not boards of this site', async () => {
    const hidden = await createUser({ isPublic: false });
    const visible = await createUser();
    for (const url of [
      'http://up2.test/@nosuchoembed1',
      `http://up2.test/@${hidden.username}`,
      `https://elsewhere.example/@${visible.username}`,
      `http://up2.test/@${visible.username}/more`,
      `http://up2.test/api/boards/${visible.username}`,
      'http://up2.test/',
      `ftp://up2.test/@${visible.username}`,
    ]) {
      const response = await oembed({ url });
      expectStatus(response, 404, url);
      expect(response.body).toEqual({ error: 'No public Up2 board at this URL.' });
      expect(JSON.stringify(response.body)).not.toContain(hidden.username);
    }
  });

  it('answers 501 for a format other than json', async () => {
    const owner = await createUser();
    const response = await oembed({ url: `http://up2.test/@${owner.username}`, format: 'xml' });
    expectStatus(response, 501);
    expect(typeof response.body.error).toBe('string');
  });

  it('answers 400 for a missing or malformed url and a bad size', async () => {
    const owner = await createUser();
    const url = `http://up2.test/@${owner.username}`;
    const cases = [
      {},
      { url: '' },
      { url: 'not a url' },
      { url, maxwidth: 'wide' },
      { url, maxheight: '-5' },
    ];
    for (const params of cases) {
      const response = await oembed(offContract(params));
      expectStatus(response, 400, JSON.stringify(params));
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('may be read from any origin, and from other sites, but never framed', async () => {
    const owner = await createUser();
    const url = `http://up2.test/@${owner.username}`;
    const response = await oembed({ url }, { origin: 'https://editor.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toContain('max-age=300');

    const missing = await oembed(
      { url: 'http://up2.test/@nosuchoembed2' },
      { origin: 'https://editor.example' },
    );
    expectStatus(missing, 404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');

    const preflight = await call('OPTIONS', '/api/oembed', {
      headers: { origin: 'https://editor.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('leaves the rest of the API same-origin only', async () => {
    const owner = await createUser();
    const response = await apiClient({ headers: { origin: 'https://editor.example' } }).boards[
      ':username'
    ].$get({ query: {}, param: { username: owner.username } });
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
