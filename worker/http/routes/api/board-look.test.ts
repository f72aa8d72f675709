import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { accentShade } from '../../../../schema/accents';
import { findPublicBoard } from '../../../domain/boards/boards';
import { getDb } from '../../../platform/db';
import { ogCardFingerprint, ogCardOf } from '../../../render/og-card';
import { ogCardSvg } from '../../../render/og-image';
import { oklchToHex, tailwindScales } from '../../../render/tailwind-palette';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  type TestUser,
  withAppShell,
} from '../../../test/factories';

function setLook(owner: TestUser, look: Record<string, unknown>) {
  return readJson(apiClient({ token: owner.token }).boards.me.$put({ json: offContract(look) }));
}

async function boardOf(owner: TestUser) {
  const answer = await readJson(
    apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
  );
  expectStatus(answer, 200);
  return answer.body;
}

const shell =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

async function pageOf(path: string) {
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`),
    withAppShell(shell).env,
  );
  expect(response.status).toBe(200);
  return response.text();
}

const hexOf = (hue: string) => oklchToHex(tailwindScales().get(hue)?.get(accentShade) ?? '');

describe("a board's accent colour", () => {
  it('is violet until the owner chooses one of the palette, then every visitor gets it', async () => {
    const owner = await createUser();
    expect((await boardOf(owner)).board.accent).toBe('violet');
    const chosen = await setLook(owner, { accent: 'teal' });
    expectStatus(chosen, 200);
    expect(chosen.body.board).toEqual({
      globalImageRatio: 'square',
      hideAllImages: false,
      accent: 'teal',
      timeZone: null,
    });
    expect((await boardOf(owner)).board.accent).toBe('teal');
    const own = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(own, 200);
    expect(own.body.board.accent).toBe('teal');
  });

  it('refuses a colour outside the palette, saying which there are', async () => {
    const owner = await createUser();
    const refused = await setLook(owner, { accent: '#ff00ff' });
    expectStatus(refused, 400);
    expect(refused.body.fields?.accent).toBe(
      "The board's colour must be one of: violet, blue, teal, emerald, amber, orange, rose, pink, slate.",
    );
    expect((await boardOf(owner)).board.accent).toBe('violet');
  });

  it('colours the board page and its embed', async () => {
    const owner = await createUser();
    await createBlock(owner);
    await setLook(owner, { accent: 'rose' });
    expect(await pageOf(`/@${owner.username}`)).toContain('<main data-accent="rose"');
    expect(await pageOf(`/embed/@${owner.username}`)).toContain('<div data-accent="rose"');
  });

  it('colours the link-preview card, which changes address when the colour does', async () => {
    const owner = await createUser();
    const cardOf = async () => {
      const board = await findPublicBoard(getDb(env), owner.username);
      if (!board) throw new Error('no board');
      return ogCardOf(board.body);
    };
    const violet = await cardOf();
    expect(violet.accent).toBe('violet');
    await setLook(owner, { accent: 'emerald' });
    const emerald = await cardOf();
    expect(emerald.accent).toBe('emerald');
    // The top edge: the board's colour (the Up2 wordmark stays violet).
    const topEdge = (hue: string) => `stroke="${hexOf(hue)}" stroke-width="24"`;
    expect(await ogCardSvg(violet, null)).toContain(topEdge('violet'));
    const svg = await ogCardSvg(emerald, null);
    expect(svg).toContain(topEdge('emerald'));
    expect(svg).not.toContain(topEdge('violet'));
    expect(await ogCardFingerprint(emerald)).not.toBe(await ogCardFingerprint(violet));
  });
});

describe('a wide (featured) block', () => {
  it('is saved and shown to visitors, and takes two columns on the board page', async () => {
    const owner = await createUser();
    const wide = await createBlock(owner, { title: 'Featured', isWide: true });
    const plain = await createBlock(owner, { title: 'Plain' });
    expect(wide.isWide).toBe(true);
    expect(plain.isWide).toBe(false);
    const blocks = (await boardOf(owner)).blocks;
    expect(blocks.map((block) => [block.title, block.isWide])).toEqual([
      ['Featured', true],
      ['Plain', false],
    ]);
    const html = await pageOf(`/@${owner.username}`);
    expect(html).toContain(
      `data-block-id="${wide.id}" data-category="learning" class="block-card-cell block-card-wide"`,
    );
    expect(html).toContain(
      `data-block-id="${plain.id}" data-category="learning" class="block-card-cell"`,
    );
  });

  it('refuses isWide that is not true or false', async () => {
    const owner = await createUser();
    const answer = await readJson(
      apiClient({ token: owner.token }).blocks.$post({
        json: offContract({
          category: 'learning',
          type: 'books-reading',
          title: 'Dune',
          isWide: 'yes',
        }),
      }),
    );
    expectStatus(answer, 400);
    expect(answer.body.fields?.isWide).toBe('isWide must be true or false.');
  });
});
