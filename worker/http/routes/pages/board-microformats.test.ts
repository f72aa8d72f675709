import { env } from 'cloudflare:workers';
import { mf2 } from 'microformats-parser';
import { describe, expect, it } from 'vitest';
import {
  createBlock,
  createUser,
  fetchSettled,
  storedCoverImage,
  updateProfile,
  withAppShell,
} from '../../../test/factories';

// The built index.html, as far as these tests care: the Worker renders the board into it.
const shell = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Up2</title></head><body><div id="root"></div></body></html>`;

let visitors = 0;

/** The board page as an IndieWeb reader gets it, parsed as microformats2. */
async function readBoardPage(path: string) {
  visitors += 1;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, {
      headers: { 'cf-connecting-ip': `10.95.${Math.floor(visitors / 250)}.${visitors % 250}` },
    }),
    withAppShell(shell).env,
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, parsed: mf2(html, { baseUrl: `http://up2.test${path}` }) };
}

type Item = ReturnType<typeof mf2>['items'][number];

const itemsOfType = (items: Item[], type: string) =>
  items.filter((item) => item.type?.includes(type));

/** Every microformat a parser found, at the top, nested as a child or as a property's value. */
function allTypes(items: Item[]): string[] {
  return items.flatMap((item) => {
    const nested = Object.values(item.properties)
      .flat()
      .filter((value): value is Item => typeof value === 'object' && 'type' in value);
    return [...(item.type ?? []), ...allTypes(item.children ?? []), ...allTypes(nested)];
  });
}

/** A board with every kind of card: pictures, links, progress, stars and a review, wide, hidden. */
async function aFullBoard() {
  const owner = await createUser();
  await updateProfile(owner, {
    displayName: 'Ada Lovelace',
    bio: 'Counting engines',
    tagline: 'Poetical science',
    avatar: '/api/avatars/lorelei/ada.svg',
  });
  await createBlock(owner, { title: 'Dune', status: 'now', isWide: true });
  await createBlock(owner, { title: 'Piranesi', status: 'done', rating: 4.5, review: 'Lovely.' });
  await createBlock(owner, {
    title: 'Morning runs',
    category: 'lifestyle',
    type: 'running-cycling',
    status: 'planned',
    externalUrl: '',
    imageUrl: '',
    imageAspectRatio: 'wide',
  });
  await createBlock(owner, {
    title: 'My code',
    category: 'digital',
    type: 'github',
    externalUrl: 'https://github.com/ada',
  });
  return owner;
}

describe('the board page in microformats2', () => {
  it('is an h-card of its owner: name, photo, note and the board as url', async () => {
    const owner = await createUser();
    const avatar = '/api/avatars/lorelei/ada.svg';
    await updateProfile(owner, { displayName: 'Ada Lovelace', bio: 'Counting engines', avatar });
    const { parsed } = await readBoardPage(`/@${owner.username}`);

    const [card, ...moreCards] = itemsOfType(parsed.items, 'h-card');
    expect(moreCards).toEqual([]);
    expect(card?.properties).toMatchObject({
      name: ['Ada Lovelace'],
      photo: [`http://up2.test${avatar}`],
      note: ['Counting engines'],
      url: [`http://up2.test/@${owner.username}`],
      uid: [`http://up2.test/@${owner.username}`],
    });
  });

  it('is an h-card without a photo or note when the owner has none', async () => {
    const owner = await createUser();
    const { parsed } = await readBoardPage(`/@${owner.username}`);
    const [card] = itemsOfType(parsed.items, 'h-card');
    expect(card?.properties.name).toEqual([`Name ${owner.username}`]);
    expect(card?.properties.photo).toBeUndefined();
    expect(card?.properties.note).toBeUndefined();
  });

  it('makes each visible block an h-entry: name, published, url, category and photo', async () => {
    const owner = await createUser();
    const before = Date.now();
    await createBlock(owner, {
      title: 'Dune',
      status: 'now',
      externalUrl: 'https://example.com/dune',
      imageUrl: storedCoverImage,
    });
    await createBlock(owner, {
      title: 'Morning runs',
      category: 'lifestyle',
      type: 'running-cycling',
      status: 'now',
      externalUrl: '',
      imageUrl: '',
    });
    await createBlock(owner, { title: 'Hidden draft', isVisible: false });
    const { parsed } = await readBoardPage(`/@${owner.username}`);

    const entries = itemsOfType(parsed.items, 'h-entry');
    expect(entries.map((entry) => entry.properties.name)).toEqual([['Dune'], ['Morning runs']]);
    const [dune, runs] = entries;
    expect(dune?.properties).toMatchObject({
      url: ['https://example.com/dune'],
      category: ['learning'],
      photo: [`http://up2.test${storedCoverImage}`],
    });
    const published = Date.parse(String(dune?.properties.published?.[0]));
    expect(published).toBeGreaterThan(before - 60_000);
    expect(published).toBeLessThanOrEqual(Date.now());
    // A block with no link and no picture has neither, rather than the board's.
    expect(runs?.properties.category).toEqual(['lifestyle']);
    expect(runs?.properties.url).toBeUndefined();
    expect(runs?.properties.photo).toBeUndefined();
  });

  it("marks rel=me the links of blocks that are the owner's own profiles, and no other link", async () => {
    const owner = await createUser();
    await createBlock(owner, {
      title: 'My code',
      category: 'digital',
      type: 'github',
      externalUrl: 'https://github.com/ada',
    });
    await createBlock(owner, {
      title: 'My site',
      category: 'digital',
      type: 'website-portfolio',
      externalUrl: 'https://social.example/@ada',
    });
    await createBlock(owner, {
      title: 'My shop',
      category: 'digital',
      type: 'shop-ecommerce',
      externalUrl: 'https://shop.example/ada',
    });
    await createBlock(owner, { title: 'Dune', externalUrl: 'https://example.com/dune' });
    await createBlock(owner, {
      title: 'Hidden profile',
      category: 'digital',
      type: 'instagram',
      externalUrl: 'https://instagram.com/hidden',
      isVisible: false,
    });
    const { parsed } = await readBoardPage(`/@${owner.username}`);

    expect([...(parsed.rels.me ?? [])].sort()).toEqual([
      'https://github.com/ada',
      'https://social.example/@ada',
    ]);
  });

  it('marks rel=me no link of a block a source or an import made, whatever its type', async () => {
    const owner = await createUser();
    await createBlock(owner, {
      title: 'My newsletter',
      category: 'digital',
      type: 'blog-newsletter',
      externalUrl: 'https://ada.example/letters',
    });
    const fed = await createBlock(owner, {
      title: 'A story from a news feed',
      category: 'digital',
      type: 'blog-newsletter',
      externalUrl: 'https://news.example/story-1',
    });
    const imported = await createBlock(owner, {
      title: 'An imported profile',
      category: 'digital',
      type: 'github',
      externalUrl: 'https://github.com/someone-else',
    });
    // What a source's check and an import record of the blocks they make: the item's key.
    await env.DB.prepare('UPDATE blocks SET import_key = ? WHERE id = ?')
      .bind(`feed:1:${fed.id}`, fed.id)
      .run();
    await env.DB.prepare('UPDATE blocks SET import_key = ? WHERE id = ?')
      .bind(`import:${imported.id}`, imported.id)
      .run();
    const { parsed } = await readBoardPage(`/@${owner.username}`);

    expect(parsed.rels.me).toEqual(['https://ada.example/letters']);
  });

  it("holds no microformat but the h-card and its blocks' h-entries (no utility class read as one)", async () => {
    const owner = await aFullBoard();
    const { parsed } = await readBoardPage(`/@${owner.username}`);
    const types = allTypes(parsed.items);
    expect(types.filter((type) => type !== 'h-card' && type !== 'h-entry')).toEqual([]);
    expect(types.filter((type) => type === 'h-entry')).toHaveLength(4);
  });

  it('names the board\'s fediverse account as the creator, "@username@host" of APP_URL', async () => {
    const owner = await createUser();
    const { html } = await readBoardPage(`/@${owner.username}`);
    const head = html.slice(0, html.indexOf('</head>'));
    const host = new URL(env.APP_URL).host;
    expect(head).toContain(`<meta name="fediverse:creator" content="@${owner.username}@${host}">`);
  });
});
