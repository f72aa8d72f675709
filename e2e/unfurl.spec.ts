import ogs from 'open-graph-scraper';
import { expect, test } from './support/fixtures';
import { createUser } from './support/users';

// An unfurler fetches by itself, like a chat app's server would; localhost has no TLD.
const urlValidatorSettings = {
  allow_fragments: true,
  allow_protocol_relative_urls: false,
  allow_query_components: true,
  allow_trailing_dot: false,
  allow_underscores: false,
  protocols: ['http', 'https'],
  require_host: true,
  require_port: false,
  require_protocol: true,
  require_tld: false,
  require_valid_protocol: true,
  validate_length: true,
};

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('a pasted board link unfurls with the name, the bio and a picture', async ({
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'unfurl', displayName: 'Ada & "Friends"' });
  const bio = 'Learning <Rust> & running a marathon';
  const profile = await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { bio },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const { error, result } = await ogs({
    url: `${baseURL}/@${owner.username}`,
    urlValidatorSettings,
  });
  expect(error).toBe(false);
  expect(result.ogTitle).toBe(owner.displayName);
  expect(result.ogDescription).toBe(bio);
  expect(result.ogSiteName).toBe('Up2');
  expect(result.ogUrl).toBe(`${baseURL}/@${owner.username}`);
  expect(result.twitterCard).toBe('summary_large_image');
  expect(result.twitterTitle).toContain(owner.displayName);
  // The card's address names its version, so a changed board's card is fetched anew.
  const imageUrl = result.ogImage?.[0]?.url ?? '';
  expect(imageUrl).toMatch(/\/api\/og\/[a-z0-9]+\.png\?v=[0-9a-f]{24}$/);
  expect(imageUrl.startsWith(`${baseURL}/api/og/${owner.username}.png?v=`)).toBe(true);
  expect(result.ogImage).toHaveLength(1);
  expect(result.ogImage?.[0]).toMatchObject({ width: '1200', height: '630' });
  expect(result.twitterImage?.map((image) => image.url)).toEqual([imageUrl]);

  const image = await request.get(imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
});

test('the board page advertises oEmbed, which answers the embed iframe', async ({
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'oembed' });
  const page = await request.get(`/@${owner.username}`);
  expect(page.status()).toBe(200);
  const link = (await page.text()).match(
    /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/,
  );
  const endpoint = (link?.[1] ?? '').replaceAll('&amp;', '&');
  expect(endpoint.startsWith(`${baseURL}/api/oembed?`)).toBe(true);

  const oembed = await request.get(endpoint, { headers: { origin: 'https://editor.example' } });
  expect(oembed.status()).toBe(200);
  expect(oembed.headers()['access-control-allow-origin']).toBe('*');
  const body = (await oembed.json()) as { type: string; html: string; author_name: string };
  expect(body.type).toBe('rich');
  expect(body.author_name).toBe(owner.displayName);
  expect(body.html).toContain(`src="${baseURL}/embed/@${owner.username}"`);
});

test('an unknown board link answers 404 and unfurls with no name and no picture', async ({
  request,
  baseURL,
}) => {
  const page = await request.get('/@nosuchunfurl');
  expect(page.status()).toBe(404);
  const html = await page.text();
  expect(html).toContain('<meta name="robots" content="noindex">');
  // The unfurler falls back on the generic title and description: no name, no picture.
  const { result } = await ogs({ html });
  expect(result.ogTitle).toBe('Board Not Found - Up2');
  expect(result.ogDescription).toBe("This user doesn't exist or their board is private.");
  expect(result.ogImage ?? []).toEqual([]);
  const image = await request.get(`${baseURL}/api/og/nosuchunfurl.png`);
  expect(image.status()).toBe(404);
});
