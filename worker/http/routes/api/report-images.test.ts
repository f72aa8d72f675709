import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  call,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  moderatorUser,
  readJson,
  reportBoard,
  type TestUser,
  updateProfile,
} from '../../../test/factories';

/** An image the owner stored here (as an upload stores it), with bytes of its own. */
async function storedImage(owner: TestUser, kind: 'blocks' | 'avatars', mark: number) {
  const bytes = new Uint8Array([
    ...new TextEncoder().encode('GIF89a'),
    ...[0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x3b, mark],
  ]);
  const key = `${kind}/${owner.id}/${crypto.randomUUID()}.gif`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: 'image/gif' } });
  return { key, url: `/api/images/${key}`, bytes };
}

/** The snapshot of the board's newest report, as the moderators' queue shows it. */
async function queuedSnapshot(moderator: TestUser, username: string) {
  const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
  expectStatus(queue, 200);
  const entry = queue.body.boards.find(({ board }) => board.username === username);
  const snapshot = entry?.reports[0]?.snapshot;
  if (!snapshot) throw new Error(`no report of ${username} in the queue`);
  return snapshot;
}

async function bytesAt(url: string, viewer?: TestUser) {
  const answer = await call('GET', url, { token: viewer?.token });
  return { status: answer.status, bytes: new Uint8Array(await answer.arrayBuffer()) };
}

describe('the image a report shows', () => {
  it('is kept as reported after the owner replaces it and its stored original is gone', async () => {
    const owner = await createUser();
    const reported = await storedImage(owner, 'blocks', 1);
    const block = await createBlock(owner, { imageUrl: reported.url });
    await reportBoard(owner.username, block.id);

    const replacement = await storedImage(owner, 'blocks', 2);
    await editBlock(owner, block.id, { imageUrl: replacement.url });
    await env.IMAGES.delete(reported.key);
    expect(await env.IMAGES.get(reported.key)).toBeNull();

    const moderator = await moderatorUser();
    const { block: kept } = await queuedSnapshot(moderator, owner.username);
    const served = await bytesAt(kept?.imageUrl ?? '', moderator);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(reported.bytes);
  });

  it('keeps the avatar of a board reported without a block', async () => {
    const owner = await createUser();
    const avatar = await storedImage(owner, 'avatars', 3);
    expectStatus(await updateProfile(owner, { avatar: avatar.url }), 200);
    await reportBoard(owner.username);
    await env.IMAGES.delete(avatar.key);

    const moderator = await moderatorUser();
    const { board } = await queuedSnapshot(moderator, owner.username);
    const served = await bytesAt(board.avatar ?? '', moderator);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(avatar.bytes);
  });

  it('is served to moderators only: 403 to anyone else, 401 signed out', async () => {
    const owner = await createUser();
    const reported = await storedImage(owner, 'blocks', 4);
    const block = await createBlock(owner, { imageUrl: reported.url });
    await reportBoard(owner.username, block.id);
    const { block: kept } = await queuedSnapshot(await moderatorUser(), owner.username);
    const url = kept?.imageUrl ?? '';
    expect(url).not.toBe(reported.url);

    expect((await bytesAt(url, owner)).status).toBe(403);
    expect((await bytesAt(url, await createUser())).status).toBe(403);
    expect((await bytesAt(url)).status).toBe(401);
  });

  it('answers 404 for a report that kept no image, or no report at all', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { imageUrl: null });
    await reportBoard(owner.username, block.id);
    const reportId = await env.DB.prepare('SELECT id FROM reports WHERE board_id = ?')
      .bind(owner.id)
      .first<number>('id');
    const moderator = await moderatorUser();
    const none = await call('GET', `/api/admin/reports/${reportId}/images/block`, {
      token: moderator.token,
    });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'This report kept no such image.' });
    const missing = await call('GET', '/api/admin/reports/999999999/images/avatar', {
      token: moderator.token,
    });
    expect(missing.status).toBe(404);
  });

  it('goes with the account, as its reports do', async () => {
    const owner = await createUser();
    const reported = await storedImage(owner, 'blocks', 5);
    const block = await createBlock(owner, { imageUrl: reported.url });
    await reportBoard(owner.username, block.id);
    const moderator = await moderatorUser();
    const { block: kept } = await queuedSnapshot(moderator, owner.username);
    expect((await bytesAt(kept?.imageUrl ?? '', moderator)).status).toBe(200);

    const deleted = await apiClient({ token: owner.token }).account.$delete({
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const left = await env.IMAGES.list({ prefix: `reports/${owner.id}/` });
    expect(left.objects).toEqual([]);
  });
});
