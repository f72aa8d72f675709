import { describe, expect, it } from 'vitest';
import { themeScript } from '../../../../web/server';
import {
  call,
  createBlock,
  createUser,
  fetchSettled,
  updateProfile,
  withAppShell,
} from '../../../test/factories';

const shell = `<!doctype html><html lang="en"><head><script>${themeScript}</script><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/reader-xyz.js" data-reader></script>
<title>Up2</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

async function fetchPage(path: string) {
  const assets = withAppShell(shell);
  const response = await fetchSettled(new Request(`http://up2.test${path}`), assets.env);
  return { response, html: await response.text() };
}

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(response: Response) {
  const bytes = new DataView(await response.arrayBuffer());
  return { width: bytes.getUint32(16), height: bytes.getUint32(20) };
}

const thisYear = new Date().getUTCFullYear();

describe('the year page', () => {
  it('renders the year whole on the server, with its own link-preview image', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'done', progress: 100, title: 'Dune' });
    const { response, html } = await fetchPage(`/@${owner.username}/year/${thisYear}`);
    expect(response.status).toBe(200);
    expect(html).toContain(`${thisYear} in review`);
    expect(html).toContain('blocks finished');
    expect(html).toContain('Dune');
    expect(html).toContain(
      `<meta property="og:image" content="http://up2.test/api/og/${owner.username}/years/${thisYear}.png">`,
    );
    expect(html).toContain(`/api/og/${owner.username}/years/${thisYear}-story.png`);
  });

  it('says kindly that an empty year is empty, and offers the board', async () => {
    const owner = await createUser();
    const { response, html } = await fetchPage(`/@${owner.username}/year/2019`);
    expect(response.status).toBe(200);
    expect(html).toContain('Nothing happened on this board in 2019');
    expect(html).toContain(`href="/@${owner.username}"`);
  });

  it('answers 404 for a private board and a year to come', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'done', progress: 100 });
    const future = await fetchPage(`/@${owner.username}/year/${thisYear + 1}`);
    expect(future.response.status).toBe(404);
    expect(future.html).toContain('Year Not Found');
    await updateProfile(owner, { isPublic: false });
    const hidden = await fetchPage(`/@${owner.username}/year/${thisYear}`);
    expect(hidden.response.status).toBe(404);
  });

  it('answers 404 for any page under a board that is no year: /year/99999, /year/-1, /year/2026.png', async () => {
    const owner = await createUser();
    for (const year of ['99999', '-1', `${thisYear}.png`, '1001', '0']) {
      const { response } = await fetchPage(`/@${owner.username}/year/${year}`);
      expect(response.status, year).toBe(404);
    }
  });

  it('draws no image for a year before reviews begin, as the page and the API refuse it', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'done', progress: 100 });
    for (const file of ['1001.png', '1001-story.png', '1999.png', '0000.png']) {
      const image = await call('GET', `/api/og/${owner.username}/years/${file}`);
      expect(image.status, file).toBe(404);
      expect(image.headers.get('content-type'), file).toContain('application/json');
    }
    expect((await fetchPage(`/@${owner.username}/year/1001`)).response.status).toBe(404);
  });

  it('draws the link-preview card at 1200x630 and the story at 1080x1920', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'done', progress: 100 });
    const card = await call('GET', `/api/og/${owner.username}/years/${thisYear}.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(await pngSize(card)).toEqual({ width: 1200, height: 630 });
    const story = await call('GET', `/api/og/${owner.username}/years/${thisYear}-story.png`);
    expect(story.status).toBe(200);
    expect(await pngSize(story)).toEqual({ width: 1080, height: 1920 });
    await updateProfile(owner, { isPublic: false });
    const hidden = await call('GET', `/api/og/${owner.username}/years/${thisYear}.png`);
    expect(hidden.status).toBe(404);
  });
});
