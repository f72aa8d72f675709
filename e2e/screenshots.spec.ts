import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { encode as encodePng } from 'fast-png';
import { createBlock, uploadBlockImage } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, type TestUser } from './support/users';

/**
 * Where the pictures of the board go, kept between runs for people to look at (the closing note
 * names this folder): beside the journeys' own output, which Playwright empties on every run.
 */
const folder = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};
const schemes = ['light', 'dark'] as const;

const works = [
  { title: 'Piranesi', type: 'books-reading', category: 'learning', status: 'now', progress: 60 },
  {
    title: 'Past Lives',
    type: 'film-animation',
    category: 'creative',
    status: 'now',
    progress: 50,
  },
  {
    title: 'Portuguese A2',
    type: 'languages-communication',
    category: 'learning',
    status: 'now',
    progress: 30,
  },
  {
    title: 'Half marathon',
    type: 'running-cycling',
    category: 'lifestyle',
    status: 'now',
    progress: 75,
  },
] as const;

/** A cover: a diagonal blend between two colours, 300 × 450 like a book's. */
function coverPng(from: [number, number, number], to: [number, number, number]) {
  const width = 300;
  const height = 450;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const share = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel += 1) {
        data[(y * width + x) * 3 + channel] = Math.round(
          (from[channel] ?? 0) * (1 - share) + (to[channel] ?? 0) * share,
        );
      }
    }
  }
  return Buffer.from(encodePng({ width, height, data, channels: 3 }));
}

const coverColours: [number, number, number][][] = [
  [
    [30, 64, 175],
    [147, 197, 253],
  ],
  [
    [190, 18, 60],
    [253, 186, 116],
  ],
  [
    [4, 120, 87],
    [190, 242, 100],
  ],
  [
    [88, 28, 135],
    [244, 114, 182],
  ],
];

async function makeBoard(
  request: Parameters<typeof createUser>[0],
  withImages: boolean,
): Promise<TestUser> {
  const owner = await createUser(request, {
    prefix: withImages ? 'pictured' : 'tiled',
    displayName: withImages ? 'Maya with covers' : 'Maya without covers',
  });
  for (const [index, work] of works.entries()) {
    const [from, to] = coverColours[index] ?? [];
    const imageUrl =
      withImages && from && to
        ? await uploadBlockImage(request, owner, coverPng(from, to))
        : undefined;
    await createBlock(request, owner, { ...work, imageUrl });
  }
  return owner;
}

/** Every card of the Now tab with an image shows it, loaded; every other card its titled tile. */
async function expectCardFaces(page: Page, withImages: boolean) {
  const cards = page.locator('[data-panel="now"]').getByRole('article');
  await expect(cards).toHaveCount(works.length);
  for (const card of await cards.all()) {
    const title = (await card.getByRole('heading').first().innerText()).trim();
    if (withImages) {
      const image = card.getByRole('button', { name: `View image: ${title}` }).locator('img');
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBe(300);
    } else {
      const tile = card.locator('[data-tile]');
      await expect(tile).toBeVisible();
      const drawnTitle = await tile
        .locator('.block-card-tile-title')
        .evaluate((element) => getComputedStyle(element, '::before').content);
      expect(drawnTitle).toBe(JSON.stringify(title));
    }
  }
}

for (const withImages of [true, false]) {
  const board = withImages ? 'board-with-images' : 'board-without-images';
  test(`${board}: screenshots on a phone and a desktop, light and dark, each card with its face`, async ({
    newPage,
    request,
  }) => {
    mkdirSync(folder, { recursive: true });
    const owner = await makeBoard(request, withImages);
    for (const [device, viewport] of Object.entries(viewports)) {
      for (const colorScheme of schemes) {
        const page = await newPage({ viewport, colorScheme });
        await page.goto(`/@${owner.username}`);
        await expect(
          page.getByRole('heading', { level: 1, name: owner.displayName }),
        ).toBeVisible();
        await expectCardFaces(page, withImages);
        await page.screenshot({
          path: `${folder}${board}-${device}-${colorScheme}.png`,
          fullPage: true,
        });
        await page.context().close();
      }
    }
  });
}
