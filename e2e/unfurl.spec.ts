import { encode as encodePng } from 'fast-png';
import ogs from 'open-graph-scraper';
import { startOutsideSite } from '../worker/dev/outside-site';
import {
  newOwnerCreatingABlock,
  openNewBlockDialog,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

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

/** A small PNG of a soft gradient: a picture the server takes by its bytes. */
function gradientPng(width: number, height: number) {
  const data = new Uint8Array(width * height * 3).map((_, i) => (i * 5) % 256);
  return Buffer.from(encodePng({ width, height, data, channels: 3 }));
}

test('a link pasted into a new block fills its empty fields from the page, keeping what was typed', async ({
  page,
  request,
}) => {
  // Another website, on this machine: the journeys' server allows loopback addresses.
  const site = await startOutsideSite();
  site.serve('/cover.png', {
    headers: { 'content-type': 'image/png' },
    base64: gradientPng(60, 90).toString('base64'),
  });
  site.serve('/favicon.ico', {
    headers: { 'content-type': 'image/png' },
    base64: gradientPng(16, 16).toString('base64'),
  });
  site.serve('/book', {
    headers: { 'content-type': 'text/html' },
    body: `<html><head>
      <meta property="og:title" content="The Dispossessed">
      <meta property="og:description" content="An ambiguous utopia.">
      <meta property="og:site_name" content="Good Books">
      <meta property="og:image" content="/cover.png">
    </head><body></body></html>`,
  });
  try {
    const owner = await createUser(request, { prefix: 'fill' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, owner);
    await page.goto('/dashboard');
    const create = await openNewBlockDialog(page);
    await pickCategoryAndType(create, 'Learning', 'Books & Reading');
    await create.getByLabel('Subtitle', { exact: true }).fill('Ursula K. Le Guin');

    const link = `${site.origin}/book`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), link);
    // Headless Chromium sends the paste event but may not insert the text: it is typed first and
    // selected, so the field holds the link either way.
    await create.getByLabel('External link').fill(link);
    await create.getByLabel('External link').press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await create.getByRole('button', { name: 'Fill from link' }).click();

    // The dialog hides the rest of the page from assistive technology, the toasts' region too.
    await expect(page.getByText('Kept what you typed in Subtitle.', { exact: true })).toBeVisible();
    await expect(create.getByLabel('Title', { exact: true })).toHaveValue('The Dispossessed');
    await expect(create.getByLabel('Description')).toHaveValue('An ambiguous utopia.');
    await expect(create.getByLabel('Subtitle', { exact: true })).toHaveValue('Ursula K. Le Guin');
    // The page's picture, copied to Up2, shows as itself; the site names itself with its icon.
    await expect(create.getByRole('button', { name: 'Replace' })).toBeVisible();
    await expect(create.getByText('Filled from Good Books')).toBeVisible();
    await expect(create.locator('img[src^="data:image/png"]')).toHaveCount(1);

    await create.getByLabel('Title', { exact: true }).fill('The Dispossessed (again)');
    await saveButton(create).click();
    await expect(create).toBeHidden();
    const card = page.getByText('The Dispossessed (again)', { exact: true });
    await expect(card).toBeVisible();
  } finally {
    await site.close();
  }
});

test("a block's image can be uploaded from the dialog", async ({ page, request }) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'upload');
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('With my own cover');

  await create.getByLabel('Image file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: gradientPng(40, 40),
  });
  // The stored picture shows as itself, and the position preview (drawn once typing settles) shows it too.
  const stored = create.getByRole('group', { name: 'Image', exact: true });
  await expect(stored.getByRole('button', { name: 'Replace' })).toBeVisible();
  const thumbnail = stored.locator('img[src^="/api/images/blocks/"]');
  await expect(thumbnail).toHaveCount(1);
  const storedSrc = await thumbnail.getAttribute('src');
  await expect(
    create.getByRole('button', { name: 'Image position' }).locator('img'),
  ).toHaveAttribute('src', storedSrc ?? '');

  await saveButton(create).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('With my own cover', { exact: true })).toBeVisible();
});
