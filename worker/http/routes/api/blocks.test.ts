import { env } from 'cloudflare:workers';
import type { InferResponseType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { maxBlocksPerBoard } from '../../../../schema/blocks';
import { positionGap } from '../../../domain/blocks/blocks';
import {
  type ApiClient,
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  runCron,
  seedBlocks,
  storedCoverImage,
  type TestUser,
  uniqueName,
} from '../../../test/factories';

type Block = InferResponseType<ApiClient['blocks']['me']['$get'], 200>['blocks'][number];

const pickCategoryAndType = 'Please select a category and type.';

async function myBlocks(user: TestUser): Promise<Block[]> {
  const response = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(response, 200);
  return response.body.blocks;
}

async function findMyBlock(user: TestUser, id: number): Promise<Block | undefined> {
  return (await myBlocks(user)).find((block) => block.id === id);
}

/** A block as stored, read straight from D1 (works for any owner). */
async function storedBlock(id: number) {
  return env.DB.prepare(
    'SELECT id, user_id, position, title, status, progress, copy_count, click_count, copied_from_block_id, copied_from_user_id FROM blocks WHERE id = ?',
  )
    .bind(id)
    .first<{
      id: number;
      user_id: number;
      position: number;
      title: string;
      status: string;
      progress: number;
      copy_count: number;
      click_count: number;
      copied_from_block_id: number | null;
      copied_from_user_id: number | null;
    }>();
}

async function createRefused(user: TestUser, overrides: Record<string, unknown>) {
  const response = await readJson(
    apiClient({ token: user.token }).blocks.$post({
      json: offContract({ ...blockPayload(), ...overrides }),
    }),
  );
  expectStatus(response, 400);
  return response.body;
}

describe('POST /api/blocks', () => {
  it('creates a block on the signed-in user board and answers 201 with it', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).blocks.$post({ json: blockPayload({ title: 'Dune' }) }),
    );
    expectStatus(response, 201);
    expect(response.body.block).toMatchObject({
      category: 'learning',
      type: 'books-reading',
      emoji: 'BookOpen',
      label: 'Book',
      title: 'Dune',
      subtitle: 'Hunt & Thomas',
      description: 'Reading a chapter a week.',
      imageUrl: storedCoverImage,
      imageAspectRatio: 'tall',
      imagePosition: '50% 40%',
      externalUrl: 'https://example.com/book',
      status: 'now',
      progress: 30,
      progressEnabled: true,
      isVisible: true,
      copyCount: 0,
      clickCount: 0,
    });
    expect(typeof response.body.block.id).toBe('number');
    expect(await storedBlock(response.body.block.id)).toMatchObject({
      user_id: user.id,
      copied_from_block_id: null,
      copied_from_user_id: null,
    });
    expect(await findMyBlock(user, response.body.block.id)).toMatchObject({ title: 'Dune' });
  });

  it('refuses a signed-out create with 401 and stores nothing', async () => {
    const title = uniqueName('anon');
    const response = await readJson(apiClient().blocks.$post({ json: blockPayload({ title }) }));
    expectStatus(response, 401);
    const row = await env.DB.prepare('SELECT id FROM blocks WHERE title = ?').bind(title).first();
    expect(row).toBeNull();
  });

  it('fills the defaults when only category, type and title are sent', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).blocks.$post({
        json: { category: 'work', type: 'tasks-goals', title: 'Ship v1' },
      }),
    );
    expectStatus(response, 201);
    expect(response.body.block).toMatchObject({
      category: 'work',
      type: 'tasks-goals',
      title: 'Ship v1',
      status: 'now',
      progress: 0,
      progressEnabled: true,
      isVisible: true,
      imageAspectRatio: 'square',
      imagePosition: 'center',
      copyCount: 0,
      clickCount: 0,
    });
    for (const field of [
      'emoji',
      'label',
      'subtitle',
      'description',
      'imageUrl',
      'externalUrl',
    ] as const) {
      expect(response.body.block[field] ?? null).toBeNull();
    }
  });

  it('starts a link block with progress off unless asked, and completes a link typed without https://', async () => {
    const user = await createUser();
    const api = apiClient({ token: user.token });
    const link = await readJson(
      api.blocks.$post({
        json: {
          category: 'digital',
          type: 'github',
          title: 'My code',
          externalUrl: 'github.com/ada',
        },
      }),
    );
    expectStatus(link, 201);
    expect(link.body.block).toMatchObject({
      progressEnabled: false,
      externalUrl: 'https://github.com/ada',
    });
    const tracked = await readJson(
      api.blocks.$post({
        json: { category: 'digital', type: 'youtube', title: 'My channel', progressEnabled: true },
      }),
    );
    expectStatus(tracked, 201);
    expect(tracked.body.block.progressEnabled).toBe(true);
  });

  it('gives each new block a higher position than the previous one', async () => {
    const user = await createUser();
    const first = await createBlock(user, { title: 'one' });
    const second = await createBlock(user, { title: 'two' });
    const third = await createBlock(user, { title: 'three' });
    const positions = await Promise.all(
      [first, second, third].map(async (block) => (await storedBlock(block.id))?.position ?? 0),
    );
    expect(positions[1]).toBeGreaterThan(positions[0] as number);
    expect(positions[2]).toBeGreaterThan(positions[1] as number);
    expect((await myBlocks(user)).map((block) => block.title)).toEqual(['one', 'two', 'three']);
  });

  it('refuses a type outside the catalogue with "Please select a category and type."', async () => {
    const user = await createUser();
    const body = await createRefused(user, { type: 'not-a-type' });
    expect(body.error).toBe(pickCategoryAndType);
    expect(await myBlocks(user)).toEqual([]);
  });

  it('refuses a category outside the catalogue with "Please select a category and type."', async () => {
    const user = await createUser();
    const body = await createRefused(user, { category: 'sports' });
    expect(body.error).toBe(pickCategoryAndType);
  });

  it('refuses a type that belongs to another category with "Please select a category and type."', async () => {
    const user = await createUser();
    const body = await createRefused(user, { category: 'work', type: 'books-reading' });
    expect(body.error).toBe(pickCategoryAndType);
    expect(body.fields?.type).toBe(pickCategoryAndType);
    expect(await myBlocks(user)).toEqual([]);
  });

  it('refuses a missing category or type with "Please select a category and type."', async () => {
    const user = await createUser();
    const withoutCategory = blockPayload() as Record<string, unknown>;
    delete withoutCategory.category;
    const withoutType = blockPayload() as Record<string, unknown>;
    delete withoutType.type;
    for (const body of [withoutCategory, withoutType]) {
      const response = await readJson(
        apiClient({ token: user.token }).blocks.$post({ json: offContract(body) }),
      );
      expectStatus(response, 400);
      expect(response.body.error).toBe(pickCategoryAndType);
    }
  });

  it('refuses a missing or blank title with "Please enter a title."', async () => {
    const user = await createUser();
    const withoutTitle = blockPayload() as Record<string, unknown>;
    delete withoutTitle.title;
    const missing = await readJson(
      apiClient({ token: user.token }).blocks.$post({ json: offContract(withoutTitle) }),
    );
    expectStatus(missing, 400);
    expect(missing.body.error).toBe('Please enter a title.');
    expect(missing.body.fields?.title).toBe('Please enter a title.');
    const blank = await createRefused(user, { title: '   ' });
    expect(blank.error).toBe('Please enter a title.');
    expect(await myBlocks(user)).toEqual([]);
  });

  it('refuses progress above 100, below 0 or not a whole number', async () => {
    const user = await createUser();
    for (const progress of [101, 2.5, -1, '50']) {
      const body = await createRefused(user, { progress });
      expect(body.fields?.progress).toBe('Progress must be a whole number from 0 to 100.');
    }
    expect(await myBlocks(user)).toEqual([]);
  });

  it('accepts progress at both ends of 0-100', async () => {
    const user = await createUser();
    expect((await createBlock(user, { progress: 0 })).progress).toBe(0);
    expect((await createBlock(user, { progress: 100 })).progress).toBe(100);
  });

  it('refuses a status outside now, planned and done', async () => {
    const user = await createUser();
    const body = await createRefused(user, { status: 'archived' });
    expect(body.error).toBe('Status must be now, planned or done.');
  });

  it('refuses javascript: and data: URLs for the external link and the image', async () => {
    const user = await createUser();
    const bad = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
    ];
    for (const url of bad) {
      const link = await createRefused(user, { externalUrl: url });
      expect(link.fields?.externalUrl).toBe('External link must start with http:// or https://');
      const image = await createRefused(user, { imageUrl: url });
      expect(image.fields?.imageUrl).toBe('Image URL must start with http:// or https://');
    }
    expect(await myBlocks(user)).toEqual([]);
  });

  it('refuses an over-long title, subtitle or description', async () => {
    const user = await createUser();
    expect((await createRefused(user, { title: 'x'.repeat(121) })).error).toBe(
      'Title must be 120 characters or less.',
    );
    expect((await createRefused(user, { subtitle: 'x'.repeat(161) })).error).toBe(
      'Subtitle must be 160 characters or less.',
    );
    expect((await createRefused(user, { description: 'x'.repeat(2001) })).error).toBe(
      'Description must be 2000 characters or less.',
    );
    expect((await createBlock(user, { title: 'x'.repeat(120) })).title).toHaveLength(120);
  });

  it('refuses a field the contract does not know', async () => {
    const user = await createUser();
    const body = await createRefused(user, { copyCount: 999 });
    expect(body.error).toContain('copyCount');
    const other = await createRefused(user, { userId: 1 });
    expect(other.error).toContain('userId');
    expect(await myBlocks(user)).toEqual([]);
  });

  it('accepts an image this app stored as the image URL, but no other relative URL', async () => {
    const user = await createUser();
    const own = `/api/images/generated/${user.id}/${crypto.randomUUID()}.png`;
    expect((await createBlock(user, { imageUrl: own })).imageUrl).toBe(own);
    for (const imageUrl of ['/etc/passwd', '//evil.example/x.png', '/api/images/../auth/me']) {
      const body = await createRefused(user, { imageUrl });
      expect(body.fields?.imageUrl).toBe('Image URL must start with http:// or https://');
    }
  });

  it('accepts the auto image ratio and refuses an image position that is not "x% y%"', async () => {
    const user = await createUser();
    expect((await createBlock(user, { imageAspectRatio: 'auto' })).imageAspectRatio).toBe('auto');
    expect((await createRefused(user, { imageAspectRatio: 'round' })).error).toBe(
      'Image ratio must be square, wide, tall or auto.',
    );
    expect((await createRefused(user, { imagePosition: '50% 50%; color: red' })).error).toBe(
      'Image position must look like "50% 50%".',
    );
    expect((await createRefused(user, { imagePosition: '150% 50%' })).error).toBe(
      'Image position must look like "50% 50%".',
    );
  });

  it('stores empty optional fields as null', async () => {
    const user = await createUser();
    const block = await createBlock(user, {
      emoji: '',
      label: '',
      subtitle: '',
      description: '  ',
      imageUrl: '',
      externalUrl: '',
    });
    const stored = await findMyBlock(user, block.id);
    expect(stored).toMatchObject({
      emoji: null,
      label: null,
      subtitle: null,
      description: null,
      imageUrl: null,
      externalUrl: null,
    });
  });
});

describe('GET /api/blocks/me', () => {
  it('answers { blocks, tabs, board } with the owner hidden blocks included', async () => {
    const user = await createUser();
    const shown = await createBlock(user, { title: 'shown' });
    const hidden = await createBlock(user, { title: 'hidden', isVisible: false });
    const other = await createUser();
    await createBlock(other, { title: 'not mine' });
    const response = await readJson(apiClient({ token: user.token }).blocks.me.$get());
    expectStatus(response, 200);
    expect(Object.keys(response.body).sort()).toEqual(['blocks', 'board', 'tabs']);
    expect(response.body.board).toEqual({
      globalImageRatio: 'square',
      hideAllImages: false,
      accent: 'violet',
    });
    expect(response.body.blocks.map((block) => block.id)).toEqual([shown.id, hidden.id]);
    expect(response.body.blocks[1]?.isVisible).toBe(false);
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await readJson(apiClient().blocks.me.$get());
    expectStatus(response, 401);
  });
});

describe('PUT /api/blocks/:id', () => {
  it('replaces the whole block with a full payload', async () => {
    const user = await createUser();
    const block = await createBlock(user);
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: blockPayload({
          category: 'creative',
          type: 'photography-videography',
          title: 'Street photos',
          subtitle: '',
          status: 'done',
          progress: 100,
          imageAspectRatio: 'wide',
          isVisible: false,
        }),
      }),
    );
    expectStatus(response, 200);
    expect(response.body.block).toMatchObject({
      id: block.id,
      category: 'creative',
      type: 'photography-videography',
      title: 'Street photos',
      subtitle: null,
      status: 'done',
      progress: 100,
      imageAspectRatio: 'wide',
      isVisible: false,
    });
    expect(await findMyBlock(user, block.id)).toMatchObject({
      title: 'Street photos',
      status: 'done',
    });
  });

  it('validates a full update like a create', async () => {
    const user = await createUser();
    const block = await createBlock(user, { title: 'kept' });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: blockPayload({ title: '', externalUrl: 'javascript:alert(1)' }),
      }),
    );
    expectStatus(response, 400);
    expect((await findMyBlock(user, block.id))?.title).toBe('kept');
  });

  it('moving a block to planned with { status } alone sets progress 0', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'now', progress: 30 });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: { status: 'planned' },
      }),
    );
    expectStatus(response, 200);
    expect(response.body.block).toMatchObject({
      status: 'planned',
      progress: 0,
      title: block.title,
    });
  });

  it('moving a block to done with { status } alone sets progress 100', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'now', progress: 30 });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: { status: 'done' },
      }),
    );
    expectStatus(response, 200);
    expect(response.body.block).toMatchObject({ status: 'done', progress: 100 });
  });

  it('moving a block to now keeps a progress of 1-99 and otherwise sets 50', async () => {
    const user = await createUser();
    const move = async (id: number, status: 'now' | 'planned' | 'done') => {
      const response = await readJson(
        apiClient({ token: user.token }).blocks[':id'].$put({
          param: { id: String(id) },
          json: { status },
        }),
      );
      expectStatus(response, 200);
      return response.body.block;
    };
    const inProgress = await createBlock(user, { status: 'now', progress: 35 });
    expect(await move(inProgress.id, 'now')).toMatchObject({ status: 'now', progress: 35 });
    const planned = await createBlock(user, { status: 'planned', progress: 0 });
    expect(await move(planned.id, 'now')).toMatchObject({ status: 'now', progress: 50 });
    const done = await createBlock(user, { status: 'done', progress: 100 });
    expect(await move(done.id, 'now')).toMatchObject({ status: 'now', progress: 50 });
    const edge = await createBlock(user, { status: 'planned', progress: 99 });
    expect(await move(edge.id, 'now')).toMatchObject({ status: 'now', progress: 99 });
    const low = await createBlock(user, { status: 'planned', progress: 1 });
    expect(await move(low.id, 'now')).toMatchObject({ status: 'now', progress: 1 });
  });

  it('refuses a status-only update with a status outside the enum', async () => {
    const user = await createUser();
    const block = await createBlock(user, { status: 'now', progress: 30 });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: offContract({ status: 'archived' }),
      }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe('Status must be now, planned or done.');
    expect(await findMyBlock(user, block.id)).toMatchObject({ status: 'now', progress: 30 });
  });

  it("answers 404 to another user's update and leaves the block unchanged", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const block = await createBlock(owner, { title: 'mine', status: 'now', progress: 30 });
    const full = await readJson(
      apiClient({ token: intruder.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: blockPayload({ title: 'stolen' }),
      }),
    );
    expectStatus(full, 404);
    const move = await readJson(
      apiClient({ token: intruder.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: { status: 'done' },
      }),
    );
    expectStatus(move, 404);
    expect(move.body).toEqual(full.body);
    expect(await findMyBlock(owner, block.id)).toMatchObject({
      title: 'mine',
      status: 'now',
      progress: 30,
    });
  });

  it('answers 404 for a block that does not exist', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: '987654321' },
        json: { status: 'done' },
      }),
    );
    expectStatus(response, 404);
  });

  it('answers 404 for an id that is not a number', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: 'abc' },
        json: { status: 'done' },
      }),
    );
    expectStatus(response, 404);
  });

  it('keeps a hidden block hidden when a full update leaves isVisible out', async () => {
    const user = await createUser();
    const block = await createBlock(user, { isVisible: false });
    const payloadWithoutIsVisible = blockPayload({ title: 'Edited title' });
    expect(payloadWithoutIsVisible).not.toHaveProperty('isVisible');
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$put({
        param: { id: String(block.id) },
        json: payloadWithoutIsVisible,
      }),
    );
    expectStatus(response, 200);
    expect(response.body.block).toMatchObject({ title: 'Edited title', isVisible: false });
  });
});

describe('DELETE /api/blocks/:id', () => {
  it('deletes an own block, which then no longer exists', async () => {
    const user = await createUser();
    const block = await createBlock(user);
    const kept = await createBlock(user, { title: 'kept' });
    const response = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$delete({
        param: { id: String(block.id) },
      }),
    );
    expectStatus(response, 200);
    expect((await myBlocks(user)).map((b) => b.id)).toEqual([kept.id]);
    const again = await readJson(
      apiClient({ token: user.token }).blocks[':id'].$delete({
        param: { id: String(block.id) },
      }),
    );
    expectStatus(again, 404);
  });

  it("answers 404 to another user's delete and keeps the block", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const block = await createBlock(owner);
    const response = await readJson(
      apiClient({ token: intruder.token }).blocks[':id'].$delete({
        param: { id: String(block.id) },
      }),
    );
    expectStatus(response, 404);
    expect(await findMyBlock(owner, block.id)).toBeDefined();
  });

  it('refuses a signed-out delete with 401 and keeps the block', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const response = await apiClient().blocks[':id'].$delete({
      param: { id: String(block.id) },
    });
    expectStatus(response, 401);
    expect(await findMyBlock(owner, block.id)).toBeDefined();
  });
});

describe('POST /api/blocks/:id/copy', () => {
  it('refuses a signed-out copy with 401', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const response = await readJson(
      apiClient().blocks[':id'].copy.$post({ param: { id: String(block.id) } }),
    );
    expectStatus(response, 401);
    expect((await storedBlock(block.id))?.copy_count).toBe(0);
  });

  it('answers 404 for a hidden block, a block on a private board and an unknown id', async () => {
    const owner = await createUser();
    const hidden = await createBlock(owner, { isVisible: false });
    const privateOwner = await createUser();
    const onPrivateBoard = await createBlock(privateOwner);
    await apiClient({ token: privateOwner.token }).auth.me.$put({ json: { isPublic: false } });
    const copier = await createUser();
    for (const id of [hidden.id, onPrivateBoard.id, 987654321]) {
      const response = await readJson(
        apiClient({ token: copier.token }).blocks[':id'].copy.$post({
          param: { id: String(id) },
        }),
      );
      expectStatus(response, 404);
    }
    expect(await myBlocks(copier)).toEqual([]);
    expect((await storedBlock(hidden.id))?.copy_count).toBe(0);
    expect((await storedBlock(onPrivateBoard.id))?.copy_count).toBe(0);
  });

  it('refuses to copy an own block with 400', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const response = await readJson(
      apiClient({ token: owner.token }).blocks[':id'].copy.$post({
        param: { id: String(block.id) },
      }),
    );
    expectStatus(response, 400);
    expect(await myBlocks(owner)).toHaveLength(1);
    expect((await storedBlock(block.id))?.copy_count).toBe(0);
  });

  it("copies a block onto the copier's board as planned with progress 0 and records its origin", async () => {
    const owner = await createUser();
    const source = await createBlock(owner, { title: 'Learn Rust', status: 'now', progress: 70 });
    const copier = await createUser();
    const response = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(response, 201);
    const copy = response.body.block;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'Learn Rust',
      category: source.category,
      type: source.type,
      externalUrl: source.externalUrl,
      status: 'planned',
      progress: 0,
      copyCount: 0,
      clickCount: 0,
    });
    expect(await storedBlock(copy.id)).toMatchObject({
      user_id: copier.id,
      copied_from_block_id: source.id,
      copied_from_user_id: owner.id,
    });
    expect((await myBlocks(copier)).map((b) => b.id)).toEqual([copy.id]);
    expect((await storedBlock(source.id))?.copy_count).toBe(1);
    expect((await storedBlock(source.id))?.user_id).toBe(owner.id);
  });

  it('refuses a second copy of the same block with 409 and does not bump the count again', async () => {
    const owner = await createUser();
    const source = await createBlock(owner);
    const copier = await createUser();
    const first = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(first, 201);
    const second = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(second, 409);
    expect(await myBlocks(copier)).toHaveLength(1);
    expect((await storedBlock(source.id))?.copy_count).toBe(1);
  });

  it('keeps the copy, with copiedFromBlockId null, when the original is deleted', async () => {
    const owner = await createUser();
    const source = await createBlock(owner, { title: 'Original' });
    const copier = await createUser();
    const copied = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(copied, 201);
    const deleted = await readJson(
      apiClient({ token: owner.token }).blocks[':id'].$delete({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(deleted, 200);
    expect(await storedBlock(copied.body.block.id)).toMatchObject({
      title: 'Original',
      copied_from_block_id: null,
      copied_from_user_id: owner.id,
    });
  });

  it('counts a person once who copies, deletes the copy and copies again', async () => {
    const owner = await createUser();
    const source = await createBlock(owner);
    const copier = await createUser();
    const first = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(first, 201);
    const deleted = await apiClient({ token: copier.token }).blocks[':id'].$delete({
      param: { id: String(first.body.block.id) },
    });
    expectStatus(deleted, 200);
    const again = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(again, 201);
    expect((await storedBlock(source.id))?.copy_count).toBe(1);
    expect(await myBlocks(copier)).toHaveLength(1);
  });

  it('counts exactly 20 copies when 20 different users copy the same block at once', async () => {
    const owner = await createUser();
    const source = await createBlock(owner);
    const copiers = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const responses = await Promise.all(
      copiers.map((copier) =>
        apiClient({ token: copier.token }).blocks[':id'].copy.$post({
          param: { id: String(source.id) },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    expect((await storedBlock(source.id))?.copy_count).toBe(20);
    const copies = await env.DB.prepare(
      'SELECT count(*) AS n FROM blocks WHERE copied_from_block_id = ?',
    )
      .bind(source.id)
      .first<{ n: number }>();
    expect(copies?.n).toBe(20);
    // Twenty-one sign-ups hash twenty-one passwords first: on a busy two-core machine that alone
    // can pass the default five seconds.
  }, 20_000);
});

describe('POST /api/blocks/:id/click', () => {
  let visitorCount = 0;
  /** A click from our own page, by another visitor each time, counted once the cron has run. */
  async function clickAs(blockId: number, token?: string) {
    visitorCount += 1;
    const headers = new Headers({
      'content-type': 'application/json',
      'cf-connecting-ip': `10.93.${Math.floor(visitorCount / 250) % 250}.${(visitorCount % 250) + 1}`,
    });
    if (token) headers.set('authorization', `Bearer ${token}`);
    const response = await fetchSettled(
      new Request(`http://up2.test/api/blocks/${blockId}/click`, {
        method: 'POST',
        headers,
        body: '{}',
      }),
    );
    await runCron();
    return response;
  }

  it('counts a click without sign-in', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    expect((await clickAs(block.id)).status).toBe(200);
    await clickAs(block.id);
    expect((await storedBlock(block.id))?.click_count).toBe(2);
  });

  it('counts a click by another signed-in user', async () => {
    const owner = await createUser();
    const visitor = await createUser();
    const block = await createBlock(owner);
    expect((await clickAs(block.id, visitor.token)).status).toBe(200);
    expect((await storedBlock(block.id))?.click_count).toBe(1);
  });

  it('answers 404 for an unknown block', async () => {
    expect((await clickAs(987654321)).status).toBe(404);
  });

  it("answers 404 for another user's hidden block and does not count it", async () => {
    const owner = await createUser();
    const visitor = await createUser();
    const hidden = await createBlock(owner, { isVisible: false });
    expect((await clickAs(hidden.id)).status).toBe(404);
    expect((await clickAs(hidden.id, visitor.token)).status).toBe(404);
    expect((await storedBlock(hidden.id))?.click_count).toBe(0);
  });

  it('answers 404 for a block on a private board and does not count it', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    await apiClient({ token: owner.token }).auth.me.$put({ json: { isPublic: false } });
    expect((await clickAs(block.id)).status).toBe(404);
    expect((await storedBlock(block.id))?.click_count).toBe(0);
  });

  it("does not count the owner's own click", async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const response = await clickAs(block.id, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: false });
    expect((await storedBlock(block.id))?.click_count).toBe(0);
  });
});

// A full board is seeded in one statement: a few seconds for 50,000 blocks.
describe(`the ${maxBlocksPerBoard}-block board limit`, { timeout: 60_000 }, () => {
  /** Fills a board with `count` blocks straight in D1: far faster than one HTTP call per block. */
  async function fillBoard(userId: number, count: number) {
    const fillers = Array.from({ length: count }, (_, i) => ({
      title: `filler ${i + 1}`,
      status: 'now' as const,
    }));
    await seedBlocks({ id: userId }, fillers);
  }

  async function blocksOn(userId: number) {
    const row = await env.DB.prepare('SELECT count(*) AS held FROM blocks WHERE user_id = ?')
      .bind(userId)
      .first<{ held: number }>();
    return row?.held;
  }

  const boardFull = `Your board holds at most ${maxBlocksPerBoard} blocks. Delete one to add another.`;

  it('refuses the block past the limit with 409 and keeps the board at the limit', async () => {
    const user = await createUser();
    await fillBoard(user.id, maxBlocksPerBoard - 1);
    const last = await readJson(
      apiClient({ token: user.token }).blocks.$post({ json: blockPayload({ title: 'the last' }) }),
    );
    expectStatus(last, 201);
    expect((await storedBlock(last.body.block.id))?.position).toBe(
      maxBlocksPerBoard - 1 + positionGap,
    );
    const over = await readJson(
      apiClient({ token: user.token }).blocks.$post({
        json: blockPayload({ title: 'one too many' }),
      }),
    );
    expectStatus(over, 409);
    expect(over.body.error).toBe(boardFull);
    expect(await blocksOn(user.id)).toBe(maxBlocksPerBoard);
  });

  it('refuses a copy onto a full board with 409 and does not bump the source count', async () => {
    const owner = await createUser();
    const source = await createBlock(owner);
    const copier = await createUser();
    await fillBoard(copier.id, maxBlocksPerBoard);
    const response = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(response, 409);
    expect(response.body.error).toBe(boardFull);
    expect((await storedBlock(source.id))?.copy_count).toBe(0);
    expect(await blocksOn(copier.id)).toBe(maxBlocksPerBoard);
  });

  it('accepts a new block again once one is deleted from a full board', async () => {
    const user = await createUser();
    await fillBoard(user.id, maxBlocksPerBoard - 1);
    const last = await createBlock(user, { title: 'the last' });
    expect(
      (await readJson(apiClient({ token: user.token }).blocks.$post({ json: blockPayload() })))
        .status,
    ).toBe(409);
    expect(
      (
        await readJson(
          apiClient({ token: user.token }).blocks[':id'].$delete({
            param: { id: String(last.id) },
          }),
        )
      ).status,
    ).toBe(200);
    const again = await readJson(
      apiClient({ token: user.token }).blocks.$post({ json: blockPayload() }),
    );
    expectStatus(again, 201);
  });
});
