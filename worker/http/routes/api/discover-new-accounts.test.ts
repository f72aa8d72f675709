import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  moveBlockTo,
  readJson,
  runDiscoverRollup,
  type TestUser,
  updateProfile,
  withAppShell,
} from '../../../test/factories';

const dayMs = 24 * 60 * 60 * 1000;

/** A search token no other test uses. */
const token = () =>
  `n${Math.random().toString(36).slice(2, 8)}${Date.now().toString(36).slice(-4)}`;

/** A new account (as it registers) with a board that has news and a searchable name. */
async function newBoard(name: string) {
  const owner = await createUser({ established: false });
  expectStatus(await updateProfile(owner, { displayName: name }), 200);
  const block = await createBlock(owner, {
    title: 'Spam offer',
    status: 'planned',
    progress: 0,
    externalUrl: 'https://offers.example/deal',
  });
  return { owner, block, name };
}

async function discovered(name: string) {
  const found = await readJson(apiClient().discover.$get({ query: { q: name } }));
  expectStatus(found, 200);
  const browsed = await readJson(apiClient().discover.$get({ query: {} }));
  expectStatus(browsed, 200);
  return {
    searched: found.body.boards.some((entry) => entry.user.displayName === name),
    browsed: browsed.body.boards.some((entry) => entry.user.displayName === name),
  };
}

async function trends(blockId: number) {
  const answer = await readJson(apiClient().discover.trending.$get({ query: {} }));
  expectStatus(answer, 200);
  return answer.body.trending.some((entry) => entry.block.id === blockId);
}

async function age(owner: TestUser, { proven, days }: { proven: boolean; days: number }) {
  await env.DB.prepare('UPDATE users SET email_verified = ?, created_at = ? WHERE id = ?')
    .bind(proven ? 1 : 0, Date.now() - days * dayMs, owner.id)
    .run();
}

let visitors = 0;
async function page(path: string) {
  visitors += 1;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, {
      headers: { 'cf-connecting-ip': `10.96.${Math.floor(visitors / 250)}.${visitors % 250}` },
    }),
    withAppShell(
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    ).env,
  );
  expect(response.status).toBe(200);
  return response.text();
}

const relOf = (html: string, href: string) =>
  new RegExp(`<a[^>]*href="${href}"[^>]*rel="([^"]*)"|<a[^>]*rel="([^"]*)"[^>]*href="${href}"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean);

describe('new accounts on Discover', () => {
  it('keeps a new account off Discover, its search and trending until the rollup finds it proven and a day old', async () => {
    const name = token();
    const { owner, block } = await newBoard(name);
    expectStatus(await moveBlockTo(owner, block.id, 'now'), 200);
    await runDiscoverRollup();
    expect(await discovered(name)).toEqual({ searched: false, browsed: false });
    expect(await trends(block.id)).toBe(false);

    await age(owner, { proven: true, days: 2 });
    await runDiscoverRollup();
    expect(await discovered(name)).toEqual({ searched: true, browsed: true });
    expect(await trends(block.id)).toBe(true);
  });

  it('keeps a proven account under a day old off, and an unproven one however old', async () => {
    const young = await newBoard(token());
    const unproven = await newBoard(token());
    await age(young.owner, { proven: true, days: 0.5 });
    await age(unproven.owner, { proven: false, days: 30 });
    await runDiscoverRollup();
    for (const { name } of [young, unproven]) {
      expect(await discovered(name)).toEqual({ searched: false, browsed: false });
    }
  });

  it('marks a new account\'s links rel="nofollow ugc" on its board page and embed, and an established one\'s not', async () => {
    const { owner } = await newBoard(token());
    const established = await createUser();
    await createBlock(established, { title: 'Real', externalUrl: 'https://real.example/' });
    const href = 'https://offers.example/deal';

    expect(relOf(await page(`/@${owner.username}`), href)).toContain('nofollow ugc');
    expect(relOf(await page(`/embed/@${owner.username}`), href)).toContain('nofollow ugc');
    const real = 'https://real.example/';
    expect(relOf(await page(`/@${established.username}`), real)).not.toContain('nofollow');
    expect(relOf(await page(`/embed/@${established.username}`), real)).not.toContain('nofollow');
  });
});
