import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { themeScript } from '../../../../web/server';
import { yearImageTree } from '../../../render/year-card';
import {
  call,
  callJson,
  createBlock,
  createUser,
  fetchSettled,
  storedCoverImage,
  withAppShell,
} from '../../../test/factories';

const shell = `<!doctype html><html lang="en"><head><script>${themeScript}</script><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/reader-xyz.js" data-reader></script>
<title>Up2</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-css1.css">
</head><body><div id="root"></div></body></html>`;

let visitors = 0;

async function fetchPage(path: string) {
  visitors += 1;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, {
      headers: { 'cf-connecting-ip': `10.93.${Math.floor(visitors / 250)}.${visitors % 250}` },
    }),
    withAppShell(shell).env,
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** The markup of the card whose title is `title`, from its `<article` to its `</article>`. */
function cardOf(html: string, title: string): string {
  const at = html.indexOf(title);
  expect(at).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<article', at);
  return html.slice(start, html.indexOf('</article>', at));
}

async function setAccent(token: string, accent: string) {
  const answer = await call('PUT', '/api/boards/me', { token, body: { accent } });
  expect(answer.status).toBe(200);
}

describe('a block without an image', () => {
  it('is a short tile with its icon and title on the board, never an empty box of its ratio', async () => {
    const owner = await createUser();
    await createBlock(owner, {
      title: 'Field notes',
      imageUrl: null,
      imageAspectRatio: 'wide',
      isWide: true,
    });
    const card = cardOf(await fetchPage(`/@${owner.username}`), 'Field notes');
    const tile = card.slice(card.indexOf('<div data-card-media'), card.indexOf('</div>'));
    expect(tile).toContain('data-tile');
    expect(tile).toContain('class="block-card-tile"');
    expect(tile).toContain('<svg');
    expect(tile).toContain('Field notes');
    expect(tile).not.toContain('aspect-ratio');
  });
});

describe('the embed', () => {
  it("shows each block's picture, stars and progress, and the handle and links in the board's colour", async () => {
    const owner = await createUser();
    await setAccent(owner.token, 'teal');
    await createBlock(owner, {
      title: 'Piranesi',
      imageUrl: storedCoverImage,
      rating: 4.5,
      progress: 40,
      progressEnabled: true,
      externalUrl: 'https://example.com/piranesi',
    });
    const html = await fetchPage(`/embed/@${owner.username}`);
    expect(html).toContain('data-accent="teal"');
    const card = cardOf(html, 'Piranesi');
    expect(card).toContain(`src="${storedCoverImage}"`);
    expect(card).toContain('Rated 4.5 out of 5');
    expect(card).toContain('role="progressbar"');
    expect(card).toContain('aria-valuenow="40"');
    expect(html).not.toContain('text-violet-700');
    expect(html).toMatch(
      new RegExp(`class="[^"]*text-accent[^"]*">@(<!-- -->)?${owner.username}</a>`),
    );
  });
});

/** The `src` of every picture an element tree draws. */
function picturesDrawn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(picturesDrawn);
  if (!node || typeof node !== 'object' || !('props' in node)) return [];
  const element = node as ReactElement<{ children?: unknown; src?: string }>;
  if (typeof element.type === 'function') {
    return picturesDrawn((element.type as (props: unknown) => unknown)(element.props));
  }
  const own = element.type === 'img' && element.props.src ? [element.props.src] : [];
  return [...own, ...picturesDrawn(element.props.children)];
}

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

describe("the year's images", () => {
  it('show the covers and titles of the latest finishes, a title on the colour where there is no cover', async () => {
    const owner = await createUser();
    const covered = await createBlock(owner, {
      title: 'Piranesi',
      status: 'done',
      progress: 100,
      imageUrl: storedCoverImage,
    });
    await createBlock(owner, { title: 'Aftersun', status: 'done', progress: 100, imageUrl: null });
    const year = new Date().getUTCFullYear();
    const { body: figures } = await callJson<Parameters<typeof yearImageTree>[0]>(
      'GET',
      `/api/boards/${owner.username}/years/${year}`,
    );
    expect(figures.finished.latest.map((block) => block.title)).toEqual(['Aftersun', 'Piranesi']);
    const cover = 'data:image/png;base64,AAAA';
    for (const kind of ['story', 'card'] as const) {
      const tree = yearImageTree(figures, kind, new Map([[covered.id, cover]]));
      expect(picturesDrawn(tree)).toEqual([cover]);
      const drawn = textDrawn(tree);
      expect(drawn.filter((text) => text === 'Piranesi')).toHaveLength(1);
      expect(drawn.filter((text) => text === 'Aftersun')).toHaveLength(2);
    }
  });
});
