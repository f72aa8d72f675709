import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../index';
import type { SourcesMessage } from '../../../jobs/sources-queue';
import {
  actOnReport,
  apiClient,
  createBlock,
  createUser,
  deleteBlock,
  discoverNames,
  editBlock,
  expectStatus,
  fetchSettled,
  moderatorUser,
  notificationsOf,
  offContract,
  publicBlockTitles,
  readJson,
  reportBoard,
  withAppShell,
} from '../../../test/factories';
import { goodreadsShelf } from '../../../test/fixtures/feeds';
import { serveAt, timesFetched } from '../../../test/outside-site';

const shell = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const { env: withShell } = withAppShell(shell);

/** A visitor's (or a reader's) read of a board's public place, from the Worker. */
function visit(path: string, accept?: string) {
  const headers = accept ? { accept } : undefined;
  return fetchSettled(new Request(`http://up2.test${path}`, { headers }), withShell);
}

describe('who may moderate', () => {
  it('answers 401 signed out and 403 to an account that is not a moderator', async () => {
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    const admin = apiClient();
    expect((await admin.admin.reports.$get()).status).toBe(401);
    expect((await admin.admin.audit.$get()).status).toBe(401);
    const someone = await createUser();
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(someone.id).run();
    const signedIn = apiClient({ token: someone.token });
    const queue = await readJson(signedIn.admin.reports.$get());
    expectStatus(queue, 403);
    expect(queue.body.error).toBe('Only moderators can see reports and act on them.');
    expect((await signedIn.admin.audit.$get()).status).toBe(403);
    const refused = await actOnReport(someone, reportId, 'suspend');
    expectStatus(refused, 403);
    expect(
      (
        await apiClient().boards[':username'].$get({
          query: {},
          param: { username: owner.username },
        })
      ).status,
    ).toBe(200);
  });
});

describe('GET /api/admin/reports', () => {
  it('groups open reports by board, newest first, with the snapshot, the account age and its history', async () => {
    const moderator = await moderatorUser();
    const older = await createUser();
    const newer = await createUser();
    const block = await createBlock(older, { title: 'Cheap pills' });
    const firstId = await reportBoard(older.username, block.id);
    expectStatus(await actOnReport(moderator, firstId, 'dismiss', 'Looks fine'), 201);
    await reportBoard(older.username, block.id);
    await reportBoard(older.username);
    await reportBoard(newer.username);
    await editBlock(older, block.id, { title: 'Renamed' });

    const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
    expectStatus(queue, 200);
    const names = queue.body.boards.map((entry) => entry.board.username);
    expect(names.indexOf(newer.username)).toBeLessThan(names.indexOf(older.username));
    const entry = queue.body.boards.find((item) => item.board.username === older.username);
    expect(entry?.reports).toHaveLength(2);
    expect(entry?.reports[1]?.snapshot.block?.title).toBe('Cheap pills');
    expect(entry?.board.accountCreatedAt).toEqual(expect.any(String));
    expect(entry?.earlierReports).toBe(1);
    expect(entry?.actions).toMatchObject([
      { action: 'dismiss', note: 'Looks fine', moderator: moderator.username },
    ]);
  });
});

describe('POST /api/admin/reports/{id}/actions', () => {
  it('hides a reported block from every public place; the owner cannot show it again and is told why', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const spam = await createBlock(owner, { title: 'Buy followers now' });
    await createBlock(owner, { title: 'Learning Go' });
    for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
      expect(await (await visit(path)).text()).toContain('Buy followers now');
    }
    const reportId = await reportBoard(owner.username, spam.id);

    const hidden = await actOnReport(moderator, reportId, 'hide-block', 'Spam link');
    expectStatus(hidden, 201);
    expect(hidden.body).toMatchObject({
      action: 'hide-block',
      blockId: spam.id,
      note: 'Spam link',
    });
    expect(await publicBlockTitles(owner.username)).toEqual(['Learning Go']);
    for (const path of [
      `/@${owner.username}`,
      `/embed/@${owner.username}`,
      `/@${owner.username}/feed.json`,
    ]) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).not.toContain('Buy followers now');
    }
    const edit = await editBlock(owner, spam.id, { title: 'Buy followers now', isVisible: true });
    expectStatus(edit, 409);
    expect(edit.body.error).toContain('A moderator hid this block');
    expect(await publicBlockTitles(owner.username)).toEqual(['Learning Go']);

    const [notice] = await notificationsOf(owner);
    expect(notice).toMatchObject({
      kind: 'moderated',
      block: { id: spam.id, title: 'Buy followers now' },
      moderation: { action: 'hide-block', note: 'Spam link' },
    });
  }, 30_000);

  it('keeps a hidden block hidden, and its notice, through a delete and restore', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const spam = await createBlock(owner, { title: 'Buy followers now' });
    const reportId = await reportBoard(owner.username, spam.id);
    expectStatus(await actOnReport(moderator, reportId, 'hide-block', 'Spam link'), 201);
    expectStatus(await deleteBlock(owner, spam.id), 200);
    const restored = await apiClient({ token: owner.token }).blocks[':id'].restore.$post({
      param: { id: String(spam.id) },
    });
    expect(restored.status).toBe(200);
    expect(await publicBlockTitles(owner.username)).toEqual([]);
    const [notice] = await notificationsOf(owner);
    expect(notice?.moderation).toMatchObject({ action: 'hide-block', note: 'Spam link' });
  });

  it('keeps a board off Discover while it stays reachable by its link', async () => {
    const moderator = await moderatorUser();
    const word = `k${Math.random().toString(36).slice(2, 10)}`;
    const owner = await createUser();
    expectStatus(
      await readJson(
        apiClient({ token: owner.token }).auth.me.$put({ json: { bio: `all ${word}` } }),
      ),
      200,
    );
    await createBlock(owner);
    expect(await discoverNames(word)).toEqual([owner.username]);
    const reportId = await reportBoard(owner.username);

    expectStatus(await actOnReport(moderator, reportId, 'keep-off-discover', 'Spam wave'), 201);
    expect(await discoverNames(word)).toEqual([]);
    expect((await visit(`/@${owner.username}`)).status).toBe(200);
  });

  it('suspends a board everywhere and ends its sessions; unsuspending restores it', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    await createBlock(owner, { title: 'Phishing' });
    const year = new Date().getUTCFullYear();
    const places = [
      `/@${owner.username}`,
      `/embed/@${owner.username}`,
      `/api/boards/${owner.username}`,
      `/api/boards/${owner.username}/years/${year}`,
      `/@${owner.username}/feed.xml`,
      `/@${owner.username}/feed.json`,
    ];
    for (const path of places) expect((await visit(path)).status, path).toBe(200);
    const actor = () => visit(`/@${owner.username}`, 'application/activity+json');
    const collections = ['outbox', 'followers', 'featured'].map(
      (name) => `/fediverse/users/${owner.username}/${name}`,
    );
    const collectionStatuses = () =>
      Promise.all(
        collections.map(async (path) => (await visit(path, 'application/activity+json')).status),
      );
    expect((await actor()).status).toBe(200);
    expect(await collectionStatuses()).toEqual([200, 200, 200]);
    const reportId = await reportBoard(owner.username);

    expectStatus(await actOnReport(moderator, reportId, 'suspend', 'Phishing links'), 201);
    for (const path of places) expect((await visit(path)).status, path).toBe(404);
    expect((await actor()).status).toBe(410);
    expect(await collectionStatuses()).toEqual([410, 410, 410]);
    expect((await apiClient({ token: owner.token }).auth.me.$get()).status).toBe(401);

    const signedIn = await readJson(
      apiClient().auth.login.$post({
        json: { username: owner.username, password: owner.password },
      }),
    );
    expectStatus(signedIn, 200);
    const again = apiClient({ token: signedIn.body.token });
    expectStatus(await readJson(again.auth.me.$put({ json: { isPublic: true } })), 200);
    expect((await visit(`/@${owner.username}`)).status).toBe(404);
    const [notice] = await notificationsOf({ ...owner, token: signedIn.body.token });
    expect(notice?.moderation).toMatchObject({ action: 'suspend', note: 'Phishing links' });

    expectStatus(await actOnReport(moderator, reportId, 'suspend'), 409);
    expectStatus(await actOnReport(moderator, reportId, 'unsuspend', 'Appeal accepted'), 201);
    for (const path of places) expect((await visit(path)).status, path).toBe(200);
    expect((await actor()).status).toBe(200);
    expect(await collectionStatuses()).toEqual([200, 200, 200]);
  }, 30_000);

  it('refuses an action without a note, an unknown report and hiding a report that names no block', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    const client = apiClient({ token: moderator.token });
    const noNote = await readJson(
      client.admin.reports[':id'].actions.$post({
        param: { id: String(reportId) },
        json: offContract({ action: 'suspend', note: '  ' }),
      }),
    );
    expectStatus(noNote, 400);
    expect(noNote.body.fields).toMatchObject({
      note: 'Write a note: why this action (the owner is told it).',
    });
    const badAction = await readJson(
      client.admin.reports[':id'].actions.$post({
        param: { id: String(reportId) },
        json: offContract({ action: 'ban', note: 'x' }),
      }),
    );
    expectStatus(badAction, 400);
    expectStatus(await actOnReport(moderator, 999_999_999, 'dismiss'), 404);
    const noBlock = await actOnReport(moderator, reportId, 'hide-block');
    expectStatus(noBlock, 400);
    expect(noBlock.body.error).toBe('This report names no block: choose another action.');
    expect((await visit(`/@${owner.username}`)).status).toBe(200);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every action newest first: who, when, what and why', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    expectStatus(await actOnReport(moderator, reportId, 'suspend', 'Spam'), 201);
    expectStatus(await actOnReport(moderator, reportId, 'unsuspend', 'Mistake'), 201);
    const audit = await readJson(apiClient({ token: moderator.token }).admin.audit.$get());
    expectStatus(audit, 200);
    const mine = audit.body.actions.filter((entry) => entry.board === owner.username);
    expect(mine).toMatchObject([
      { action: 'unsuspend', note: 'Mistake', moderator: moderator.username },
      { action: 'suspend', note: 'Spam', moderator: moderator.username },
    ]);
    expect(mine[0]?.createdAt).toEqual(expect.any(String));
  });
});

describe('the owner of a moderated board', () => {
  it('is told by email at a proven address what was done and why', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser({ emailVerified: true });
    const reportId = await reportBoard(owner.username);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const answer = await apiClient({ token: moderator.token, settled: true }).admin.reports[
      ':id'
    ].actions.$post({
      param: { id: String(reportId) },
      json: { action: 'suspend', note: 'Phishing links' },
    });
    const mails = log.mock.calls
      .map((args) => args.map(String).join(' '))
      .filter((line) => line.includes('--- email'));
    log.mockRestore();
    expect(answer.status).toBe(201);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${owner.email}`);
    expect(mails[0]).toContain('A moderator suspended your Up2 board: no one else can see it.');
    expect(mails[0]).toContain('Why: Phishing links');
  });

  it('is not mailed at an address never proven', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await apiClient({ token: moderator.token, settled: true }).admin.reports[':id'].actions.$post({
      param: { id: String(reportId) },
      json: { action: 'keep-off-discover', note: 'Spam' },
    });
    const mails = log.mock.calls.filter((args) => args.map(String).join(' ').includes(owner.email));
    log.mockRestore();
    expect(mails).toEqual([]);
  });
});

/** Runs the Worker's sources consumer on a check of these sources, as the queue would deliver it. */
async function checkSourcesNow(sourceIds: number[]) {
  const batch = createMessageBatch<SourcesMessage>('up2-sources', [
    { id: 'm0', timestamp: new Date(), attempts: 1, body: { kind: 'check', sourceIds } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env, ctx);
  return getQueueResult(batch, ctx);
}

describe("a suspended board's sources", () => {
  it('are not checked until the board is unsuspended', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const path = `/moderated-shelf-${Math.random().toString(36).slice(2)}`;
    const url = await serveAt(path, {
      headers: { 'content-type': 'application/rss+xml' },
      body: goodreadsShelf('%23ALL%23', [
        { id: '1', title: 'Dune', author: 'Frank Herbert', shelf: 'read' },
      ]),
    });
    const connected = await readJson(
      apiClient({ token: owner.token }).sources.$post({ json: { url } }),
    );
    expectStatus(connected, 201);
    const fetchedOnConnect = await timesFetched(path);
    const reportId = await reportBoard(owner.username);
    expectStatus(await actOnReport(moderator, reportId, 'suspend', 'Spam'), 201);

    await checkSourcesNow([connected.body.source.id]);
    expect(await timesFetched(path)).toBe(fetchedOnConnect);

    expectStatus(await actOnReport(moderator, reportId, 'unsuspend', 'Appeal'), 201);
    await checkSourcesNow([connected.body.source.id]);
    expect(await timesFetched(path)).toBeGreaterThan(fetchedOnConnect);
  }, 30_000);
});
