import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CategoryKey } from '../../../../schema/categories';
import {
  apiClient,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  moveBlockTo,
  offContract,
  readJson,
  runDiscoverRollup,
  type TestUser,
  updateProfile,
} from '../../../test/factories';

const eightDaysMs = 8 * 24 * 60 * 60 * 1000;

async function copyOf(blockId: number, copier: TestUser) {
  const copied = await readJson(
    apiClient({ token: copier.token }).blocks[':id'].copy.$post({
      param: { id: String(blockId) },
    }),
  );
  expectStatus(copied, 201);
  return copied.body.block;
}

/** Copies `blockId` onto `times` new boards. */
async function copiedTimes(blockId: number, times: number) {
  const copiers: TestUser[] = [];
  for (let i = 0; i < times; i += 1) {
    const copier = await createUser();
    await copyOf(blockId, copier);
    copiers.push(copier);
  }
  return copiers;
}

async function trending(category?: CategoryKey) {
  const query = category === undefined ? {} : { category };
  const answer = await readJson(apiClient().discover.trending.$get({ query }));
  expectStatus(answer, 200);
  return answer.body.trending;
}

async function weeklyCountOf(blockId: number, category?: CategoryKey) {
  const entry = (await trending(category)).find((item) => item.block.id === blockId);
  return entry?.weeklyCount;
}

/** A Planned block (its creation starts nothing) in `category`. */
function plannedBlock(owner: TestUser, category: 'social' | 'creative' | 'work', title: string) {
  const types = {
    social: 'events-meetups',
    creative: 'diy-crafting',
    work: 'tasks-goals',
  } as const;
  const type = types[category];
  return createBlock(owner, { category, type, title, status: 'planned', progress: 0 });
}

describe('GET /api/discover/trending', () => {
  it('ranks a block by its copies and the starts of it and its copies this week', async () => {
    const owner = await createUser();
    const block = await plannedBlock(owner, 'social', 'Board game nights');
    const [firstCopier] = await copiedTimes(block.id, 3);
    if (!firstCopier) throw new Error('a copier expected');
    // The copier starts their copy: it counts for the block it came from.
    const own = await readJson(apiClient({ token: firstCopier.token }).blocks.me.$get());
    expectStatus(own, 200);
    const [copy] = own.body.blocks;
    if (!copy) throw new Error('the copier has no copy');
    expectStatus(await moveBlockTo(firstCopier, copy.id, 'now'), 200);
    // The owner starts it too.
    expectStatus(await moveBlockTo(owner, block.id, 'now'), 200);

    await runDiscoverRollup();
    expect(await weeklyCountOf(block.id, 'social')).toBe(5);
    const entry = (await trending('social')).find((item) => item.block.id === block.id);
    expect(entry?.user).toEqual({
      username: owner.username,
      displayName: `Name ${owner.username}`,
      avatar: null,
    });
    expect(entry?.board).toEqual({
      globalImageRatio: 'square',
      hideAllImages: false,
      accent: 'violet',
    });
    const all = await trending();
    expect(all.findIndex((item) => item.block.id === block.id)).toBeGreaterThanOrEqual(0);
  });

  it('lists the block with more activity first', async () => {
    const owner = await createUser();
    const more = await plannedBlock(owner, 'work', 'Ship the beta');
    const fewer = await plannedBlock(owner, 'work', 'Write the docs');
    await copiedTimes(fewer.id, 2);
    await copiedTimes(more.id, 3);
    await runDiscoverRollup();
    const ids = (await trending('work')).map((item) => item.block.id);
    expect(ids.indexOf(more.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(more.id)).toBeLessThan(ids.indexOf(fewer.id));
  });

  it('counts nothing older than 7 days', async () => {
    const owner = await createUser();
    const block = await plannedBlock(owner, 'social', 'Old news');
    await copiedTimes(block.id, 2);
    const started = await createBlock(owner, { category: 'social', type: 'events-meetups' });
    const weekAgo = Date.now() - eightDaysMs;
    await env.DB.batch([
      env.DB.prepare('UPDATE block_copies SET created_at = ? WHERE source_block_id = ?').bind(
        weekAgo,
        block.id,
      ),
      env.DB.prepare('UPDATE block_story_events SET at = ? WHERE block_id = ?').bind(
        weekAgo,
        started.id,
      ),
    ]);
    await runDiscoverRollup();
    expect(await weeklyCountOf(block.id, 'social')).toBeUndefined();
    expect(await weeklyCountOf(started.id, 'social')).toBeUndefined();
  });

  it('narrows to one category', async () => {
    const owner = await createUser();
    const craft = await plannedBlock(owner, 'creative', 'Knitting a scarf');
    await copiedTimes(craft.id, 3);
    await runDiscoverRollup();
    expect(await weeklyCountOf(craft.id, 'creative')).toBe(3);
    expect(await weeklyCountOf(craft.id, 'social')).toBeUndefined();
    for (const item of await trending('creative')) expect(item.block.category).toBe('creative');
  });

  it('drops a block hidden, or a board gone private, at once, without waiting for the rollup', async () => {
    const hiddenOwner = await createUser();
    const hidden = await plannedBlock(hiddenOwner, 'social', 'Soon hidden');
    await copiedTimes(hidden.id, 3);
    const privateOwner = await createUser();
    const onPrivate = await plannedBlock(privateOwner, 'social', 'Soon private');
    await copiedTimes(onPrivate.id, 3);
    await runDiscoverRollup();
    expect(await weeklyCountOf(hidden.id, 'social')).toBe(3);
    expect(await weeklyCountOf(onPrivate.id, 'social')).toBe(3);

    const hide = await editBlock(hiddenOwner, hidden.id, {
      category: 'social',
      type: 'events-meetups',
      isVisible: false,
    });
    expectStatus(hide, 200);
    expectStatus(await updateProfile(privateOwner, { isPublic: false }), 200);
    expect(await weeklyCountOf(hidden.id, 'social')).toBeUndefined();
    expect(await weeklyCountOf(onPrivate.id, 'social')).toBeUndefined();
  });

  it('refuses an unknown category with 400', async () => {
    const response = await readJson(
      apiClient().discover.trending.$get({ query: offContract({ category: 'books' }) }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toContain('category must be one of');
  });

  it('reads the ranking by primary key, and the rollup finds the week through indexes', async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
        .map((row) => row.detail)
        .join('\n');
    expect(
      await plan("SELECT block_id FROM trending_blocks WHERE scope = 'all' ORDER BY rank"),
    ).toContain('SEARCH trending_blocks USING INDEX sqlite_autoindex_trending_blocks_1 (scope=?)');
    expect(await plan('SELECT source_block_id FROM block_copies WHERE created_at >= 0')).toContain(
      'block_copies_created',
    );
    expect(
      await plan("SELECT block_id FROM block_story_events WHERE kind = 'started' AND at >= 0"),
    ).toContain('block_story_events_kind_at');
  });
});
