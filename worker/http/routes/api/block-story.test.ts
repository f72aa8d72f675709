import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  expectStatus,
  moveBlockTo,
  readJson,
  type TestUser,
} from '../../../test/factories';

type StoryEvent = { user_id: number; kind: string; at: number };

/** A block's story as stored, oldest first. */
async function storyOf(blockId: number): Promise<StoryEvent[]> {
  const { results } = await env.DB.prepare(
    'SELECT user_id, kind, at FROM block_story_events WHERE block_id = ? ORDER BY id',
  )
    .bind(blockId)
    .all<StoryEvent>();
  return results;
}

async function eventsOfUser(userId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM block_story_events WHERE user_id = ?')
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

function edit(user: TestUser, id: number, changes: Parameters<typeof blockPayload>[0]) {
  return readJson(
    apiClient({ token: user.token }).blocks[':id'].$put({
      param: { id: String(id) },
      json: blockPayload(changes),
    }),
  );
}

describe("a block's story", () => {
  it('starts with the block added and entering its status, at the time the block answers as statusSince', async () => {
    const user = await createUser();
    const before = Date.now();
    const block = await createBlock(user, { status: 'done', progress: 100 });
    expect(block.statusSince).toBeGreaterThanOrEqual(before);
    expect(block.statusSince).toBeLessThanOrEqual(Date.now());
    expect(await storyOf(block.id)).toEqual([
      { user_id: user.id, kind: 'added', at: block.statusSince },
      { user_id: user.id, kind: 'finished', at: block.statusSince },
    ]);
  });

  it('counts a block created without a status as started in Now', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).blocks.$post({
        json: { category: 'learning', type: 'books-reading', title: 'Dune' },
      }),
    );
    expectStatus(response, 201);
    expect((await storyOf(response.body.block.id)).map((event) => event.kind)).toEqual([
      'added',
      'started',
    ]);
  });

  it('tells each status a block is moved to, and statusSince follows it', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'planned', progress: 0 });
    const started = await moveBlockTo(user, block.id, 'now');
    expectStatus(started, 200);
    const finished = await moveBlockTo(user, block.id, 'done');
    expectStatus(finished, 200);
    expect(finished.body.block.statusSince).toBeGreaterThanOrEqual(
      started.body.block.statusSince ?? Number.POSITIVE_INFINITY,
    );
    expect(await storyOf(block.id)).toEqual([
      { user_id: user.id, kind: 'added', at: block.statusSince },
      { user_id: user.id, kind: 'planned', at: block.statusSince },
      { user_id: user.id, kind: 'started', at: started.body.block.statusSince },
      { user_id: user.id, kind: 'finished', at: finished.body.block.statusSince },
    ]);
  });

  it('tells a status changed by a full edit, and nothing for an edit that keeps the status', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'now', progress: 30 });
    const kept = await edit(user, block.id, { status: 'now', progress: 60, title: 'Renamed' });
    expectStatus(kept, 200);
    expect(kept.body.block.statusSince).toBe(block.statusSince);
    expect(await storyOf(block.id)).toHaveLength(2);

    const done = await edit(user, block.id, { status: 'done', progress: 100 });
    expectStatus(done, 200);
    expect(done.body.block.statusSince).toBeGreaterThanOrEqual(block.statusSince ?? 0);
    expect((await storyOf(block.id)).map((event) => [event.kind, event.at])).toEqual([
      ['added', block.statusSince],
      ['started', block.statusSince],
      ['finished', done.body.block.statusSince],
    ]);
  });

  it('tells nothing for a full edit that leaves the status out, which keeps it', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'planned', progress: 0 });
    const { status: _status, ...withoutStatus } = blockPayload({ title: 'Renamed' });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: withoutStatus,
      }),
    );
    expectStatus(response, 200);
    expect(response.body.block).toMatchObject({
      status: 'planned',
      statusSince: block.statusSince,
    });
    expect((await storyOf(block.id)).map((event) => event.kind)).toEqual(['added', 'planned']);
  });

  it('tells nothing when a move to the status a block is in already, or of a block that is not yours', async () => {
    const owner = await createUser();
    const other = await createUser();
    const block = await createBlock(owner, { status: 'now' });
    expectStatus(await moveBlockTo(owner, block.id, 'now'), 200);
    expectStatus(await moveBlockTo(other, block.id, 'done'), 404);
    expectStatus(await edit(other, block.id, { status: 'planned', progress: 0 }), 404);
    expect((await storyOf(block.id)).map((event) => event.kind)).toEqual(['added', 'started']);
    expect(await eventsOfUser(other.id)).toBe(0);
  });

  it("gives a copy its own story, starting when it was copied, and leaves the original's alone", async () => {
    const owner = await createUser();
    const source = await createBlock(owner, { status: 'done', progress: 100 });
    const copier = await createUser();
    const copied = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(copied, 201);
    const copy = copied.body.block;
    expect(copy.statusSince).toBeGreaterThanOrEqual(source.statusSince ?? 0);
    expect(await storyOf(copy.id)).toEqual([
      { user_id: copier.id, kind: 'added', at: copy.statusSince },
      { user_id: copier.id, kind: 'planned', at: copy.statusSince },
    ]);
    expect((await storyOf(source.id)).map((event) => event.kind)).toEqual(['added', 'finished']);
  });

  it('goes with its block when the block is deleted, and with every block when the account is', async () => {
    const user = await createUser();
    const deleted = await createBlock(user);
    const kept = await createBlock(user);
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$delete({
        param: { id: String(deleted.id) },
      }),
    );
    expectStatus(response, 200);
    expect(await storyOf(deleted.id)).toEqual([]);
    expect(await storyOf(kept.id)).toHaveLength(2);

    const gone = await readJson(
      apiClient({ token: user.token }).account.$delete({ json: { password: user.password } }),
    );
    expectStatus(gone, 200);
    expect(await eventsOfUser(user.id)).toBe(0);
  });
});

describe('the story on the board', () => {
  it("carries each block's statusSince and when the visible blocks last changed", async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { status: 'now' });
    const moved = await moveBlockTo(owner, block.id, 'done');
    expectStatus(moved, 200);
    const board = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
    );
    expectStatus(board, 200);
    expect(board.body.blocks.map((b) => b.statusSince)).toEqual([moved.body.block.statusSince]);
    expect(board.body.board.updatedAt).toBe(moved.body.block.statusSince);
  });

  it('has no update time while the board shows no block', async () => {
    const owner = await createUser();
    await createBlock(owner, { isVisible: false });
    const board = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
    );
    expectStatus(board, 200);
    expect(board.body.board.updatedAt).toBeNull();
  });
});
