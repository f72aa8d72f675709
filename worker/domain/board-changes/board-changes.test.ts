import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardChanges, sources } from '../../../schema/tables';
import { getDb } from '../../platform/db';
import {
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  deleteBlock as deleteBlockByRoute,
  expectStatus,
  readJson,
  runCron,
  type TestUser,
  uniqueName,
} from '../../test/factories';
import { goodreadsShelf } from '../../test/fixtures/feeds';
import { serveAt } from '../../test/outside-site';
import { moveBlock } from '../blocks/blocks';
import { deleteBlock } from '../blocks/trash';
import { checkDueSource } from '../sources/sources';
import { handleBoardChanges, sweepAfterMs, sweepBoardChanges } from './handle';
import type { BoardWriter } from './record';

const db = getDb(env);

async function changesOf(user: Pick<TestUser, 'id'>) {
  return db.select().from(boardChanges).where(eq(boardChanges.userId, user.id));
}

/** Waits (up to 10 s) until every change of the board is handled; answers them. */
async function handledChangesOf(user: Pick<TestUser, 'id'>) {
  for (let tries = 0; tries < 50; tries++) {
    const changes = await changesOf(user);
    if (changes.every((change) => change.handledAt !== null)) return changes;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Changes of board ${user.id} were never handled`);
}

/** A writer whose changes never reach the queue: only a consumer asked by the test hears them. */
function unannouncedWriter(user: TestUser, more: Partial<Env> = {}): BoardWriter {
  const silentQueue = { send: async () => undefined } as unknown as Queue;
  return {
    db,
    env: { ...env, BOARD_CHANGES_QUEUE: silentQueue, ...more },
    userId: user.id,
    origin: 'http://localhost',
  };
}

const boardVersion = (user: TestUser) => env.COUNTERS.get(`board-version:${user.username}`);

function api(user: TestUser) {
  return apiClient({ token: user.token });
}

async function goodreadsFeed(books: Parameters<typeof goodreadsShelf>[1]) {
  return serveAt(`/${uniqueName('shelf')}`, {
    headers: { 'content-type': 'application/rss+xml' },
    body: goodreadsShelf('%23ALL%23', books),
  });
}

const piranesi = { id: '50202953', title: 'Piranesi', author: 'Susanna Clarke' };

async function setGoal(user: TestUser, target: number) {
  const year = new Date().getUTCFullYear();
  const set = await readJson(
    api(user).goals.$post({ json: { year, target, scope: 'type', scopeKey: 'books-reading' } }),
  );
  expectStatus(set, 201);
}

async function notificationsOf(user: TestUser) {
  const list = await readJson(api(user).notifications.$get());
  expectStatus(list, 200);
  return list.body.notifications;
}

describe('every writer commits exactly one change, and the consumer handles it', () => {
  it('a block created, copied, deleted and restored through the API: one handled change each', async () => {
    const owner = await createUser();
    const copier = await createUser();
    const block = await createBlock(owner, { title: 'Dune' });
    expect(await handledChangesOf(owner)).toHaveLength(1);
    expectStatus(
      await readJson(api(copier).blocks[':id'].copy.$post({ param: { id: String(block.id) } })),
      201,
    );
    expect(await handledChangesOf(copier)).toHaveLength(1);
    expectStatus(await deleteBlockByRoute(owner, block.id), 200);
    expect(await handledChangesOf(owner)).toHaveLength(2);
    const restored = await readJson(
      api(owner).blocks[':id'].restore.$post({ param: { id: String(block.id) } }),
    );
    expectStatus(restored, 200);
    expect(await handledChangesOf(owner)).toHaveLength(3);
  });

  it('a personal access token’s script moving a block: one handled change', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const token = await readJson(
      api(owner).account.tokens.$post({ json: { name: 'Script', scopes: ['blocks:write'] } }),
    );
    expectStatus(token, 201);
    const moved = await call('PUT', `/api/blocks/${block.id}`, {
      token: token.body.secret,
      body: { progress: 70 },
    });
    expect(moved.status).toBe(200);
    expect(await handledChangesOf(owner)).toHaveLength(2);
  });

  it('a source connected, then checked by the schedule: one handled change each, the second heard from the queue', async () => {
    const owner = await createUser();
    const feedUrl = await goodreadsFeed([{ ...piranesi, shelf: 'currently-reading' }]);
    const added = await readJson(api(owner).sources.$post({ json: { url: feedUrl } }));
    expectStatus(added, 201);
    expect(await handledChangesOf(owner)).toHaveLength(1);
    await serveAt(new URL(feedUrl).pathname, {
      headers: { 'content-type': 'application/rss+xml' },
      body: goodreadsShelf('%23ALL%23', [{ ...piranesi, shelf: 'read', readAt: '2026-01-02' }]),
    });
    const source = await db
      .select()
      .from(sources)
      .where(eq(sources.id, added.body.source.id))
      .get();
    if (!source) throw new Error('the source was not stored');
    const checked = await checkDueSource(db, env, source);
    expect(checked?.changes.moved).toBe(1);
    // Nobody in this test asks the consumer: the change's message reaches it through the queue.
    expect(await handledChangesOf(owner)).toHaveLength(2);
  });

  it('a file imported: one handled change for all its blocks', async () => {
    const owner = await createUser();
    const csv =
      'Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Date Read,Date Added\n1,Dune,Frank Herbert,,5,read,2024/01/02,2024/01/01\n2,Emma,Jane Austen,,0,to-read,,2024/01/01\n';
    const imported = await readJson(
      api(owner).import[':source'].$post({
        param: { source: 'goodreads' },
        form: { file: new File([csv], 'goodreads_library_export.csv', { type: 'text/csv' }) },
      }),
    );
    expectStatus(imported, 200);
    expect(imported.body.added).toBe(2);
    expect(await handledChangesOf(owner)).toHaveLength(1);
  });

  it('an account deleted: one handled change, and its board answers 404 at once', async () => {
    const owner = await createUser();
    const deleted = await call('DELETE', '/api/account', {
      token: owner.token,
      body: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const changes = await handledChangesOf(owner);
    expect(changes.map((change) => [change.aspect, change.username])).toEqual([
      ['account', owner.username],
    ]);
    expect((await call('GET', `/api/boards/${owner.username}`)).status).toBe(404);
  });

  it('a write refused as not the writer’s records no change', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const block = await createBlock(owner);
    const refused = await call('PUT', `/api/blocks/${block.id}`, {
      token: stranger.token,
      body: { status: 'done' },
    });
    expect(refused.status).toBe(404);
    expect(await changesOf(stranger)).toHaveLength(0);
  });
});

describe('the consumer', () => {
  it('handles a change once, however often and by however many it is delivered', async () => {
    const owner = await createUser();
    await setGoal(owner, 1);
    const block = await createBlock(owner, { title: 'Piranesi' });
    const writer = unannouncedWriter(owner);
    await moveBlock(writer, block.id, 'done');
    const [change] = (await changesOf(owner)).filter((row) => row.handledAt === null);
    if (!change) throw new Error('the move recorded no change');
    const ctx = createExecutionContext();
    const handled = await Promise.all([
      handleBoardChanges(env, ctx, [change.id]),
      handleBoardChanges(env, ctx, [change.id]),
      handleBoardChanges(env, ctx, [change.id, change.id]),
    ]);
    // Redelivered after it was handled.
    handled.push(await handleBoardChanges(env, ctx, [change.id]));
    await waitOnExecutionContext(ctx);
    expect(handled.reduce((sum, count) => sum + count, 0)).toBe(1);
    const reached = (await notificationsOf(owner)).filter((n) => n.kind === 'reached');
    expect(reached.map((n) => n.block?.title)).toEqual(['Piranesi']);
  });

  it('handles a change whose message was lost, in the cron’s sweep a minute later', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const versionBefore = await boardVersion(owner);
    const lostQueue = { send: async () => Promise.reject(new Error('queue down')) };
    const writer = {
      ...unannouncedWriter(owner),
      env: { ...env, BOARD_CHANGES_QUEUE: lostQueue as unknown as Queue },
    };
    await moveBlock(writer, block.id, 'planned');
    expect((await changesOf(owner)).filter((row) => row.handledAt === null)).toHaveLength(1);
    const ctx = createExecutionContext();
    // Not yet a minute old: the sweep leaves it to its message.
    await sweepBoardChanges(env, ctx, Date.now());
    expect((await changesOf(owner)).filter((row) => row.handledAt === null)).toHaveLength(1);
    await sweepBoardChanges(env, ctx, Date.now() + sweepAfterMs + 1000);
    await waitOnExecutionContext(ctx);
    expect((await changesOf(owner)).every((row) => row.handledAt !== null)).toBe(true);
    expect(await boardVersion(owner)).not.toBe(versionBefore);
  });

  it('tells the goal a source’s finish reached: a story and a notification', async () => {
    const owner = await createUser();
    await setGoal(owner, 1);
    const feedUrl = await goodreadsFeed([
      { ...piranesi, shelf: 'read', readAt: new Date().toUTCString() },
    ]);
    expectStatus(await readJson(api(owner).sources.$post({ json: { url: feedUrl } })), 201);
    const reached = (await notificationsOf(owner)).filter((n) => n.kind === 'reached');
    expect(reached.map((n) => n.block?.title)).toEqual(['Piranesi']);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS told FROM block_story_events WHERE user_id = ? AND kind = 'reached'",
    )
      .bind(owner.id)
      .all<{ told: number }>();
    expect(results[0]?.told).toBe(1);
  });
});

describe('deleting a block, undoably, on the server', () => {
  async function publicTitles(user: TestUser) {
    const board = await call('GET', `/api/boards/${user.username}`);
    const body = (await board.json()) as { blocks: { title: string }[] };
    return body.blocks.map((block) => block.title);
  }

  it('hides it at once, and Restore within the window brings it back in its place, with its story and counts', async () => {
    const owner = await createUser();
    const copier = await createUser();
    const first = await createBlock(owner, { title: 'First' });
    const middle = await createBlock(owner, { title: 'Middle' });
    await createBlock(owner, { title: 'Last' });
    expectStatus(
      await readJson(api(copier).blocks[':id'].copy.$post({ param: { id: String(middle.id) } })),
      201,
    );
    const before = await db.all<{ position: number; copy_count: number }>(
      sql`SELECT position, copy_count FROM blocks WHERE id = ${middle.id}`,
    );
    const deleted = await deleteBlockByRoute(owner, middle.id);
    expectStatus(deleted, 200);
    expect(deleted.body.undoUntil).toBeGreaterThan(Date.now());
    expect(await publicTitles(owner)).toEqual(['First', 'Last']);
    const copy = await db.all<{ copied_from_block_id: number | null }>(
      sql`SELECT copied_from_block_id FROM blocks WHERE user_id = ${copier.id}`,
    );
    expect(copy[0]?.copied_from_block_id).toBeNull();

    const restored = await readJson(
      api(owner).blocks[':id'].restore.$post({ param: { id: String(middle.id) } }),
    );
    expectStatus(restored, 200);
    expect(restored.body.block.id).toBe(middle.id);
    expect(await publicTitles(owner)).toEqual(['First', 'Middle', 'Last']);
    const after = await db.all<{ position: number; copy_count: number }>(
      sql`SELECT position, copy_count FROM blocks WHERE id = ${middle.id}`,
    );
    expect(after).toEqual(before);
    const story = await db.all<{ kind: string }>(
      sql`SELECT kind FROM block_story_events WHERE block_id = ${middle.id} ORDER BY id`,
    );
    expect(story.map((event) => event.kind)).toEqual(['added', 'started']);
    const relinked = await db.all<{ copied_from_block_id: number | null }>(
      sql`SELECT copied_from_block_id FROM blocks WHERE user_id = ${copier.id}`,
    );
    expect(relinked[0]?.copied_from_block_id).toBe(middle.id);
    expect(first.id).toBeLessThan(middle.id);
  });

  it('is gone for good after the window, with no client involved: the cron lets it go', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Brief' });
    await deleteBlock(unannouncedWriter(owner, { UNDO_DELETE_SECONDS: '0.05' }), block.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await runCron();
    const kept = await db.all(sql`SELECT 1 FROM deleted_blocks WHERE block_id = ${block.id}`);
    expect(kept).toHaveLength(0);
    const restored = await call('POST', `/api/blocks/${block.id}/restore`, { token: owner.token });
    expect(restored.status).toBe(404);
    expect(await publicTitles(owner)).toEqual([]);
  });

  it('refuses to restore another person’s deleted block, as if it did not exist', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const block = await createBlock(owner, blockPayload({ title: 'Mine' }));
    expectStatus(await deleteBlockByRoute(owner, block.id), 200);
    const refused = await call('POST', `/api/blocks/${block.id}/restore`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
  });
});
