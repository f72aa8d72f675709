import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ReportActionKind } from '../../../../schema/moderation-values';
import {
  actOnReport,
  apiClient,
  createBlock,
  createUser,
  discoverNames,
  expectStatus,
  moderatorUser,
  notificationsOf,
  offContract,
  publicBlockTitles,
  readJson,
  reportBoard,
  type TestUser,
} from '../../../test/factories';

function actOnAll(
  moderator: TestUser,
  reportIds: number[],
  action: ReportActionKind,
  note = 'Spam wave',
) {
  return readJson(
    apiClient({ token: moderator.token }).admin.reports.actions.$post({
      json: { reportIds, action, note },
    }),
  );
}

function reverse(moderator: TestUser, entryId: number, note = 'Mistake') {
  return readJson(
    apiClient({ token: moderator.token }).admin.audit[':id'].reverse.$post({
      param: { id: String(entryId) },
      json: { note },
    }),
  );
}

async function boardStatus(username: string) {
  return (await apiClient().boards[':username'].$get({ query: {}, param: { username } })).status;
}

async function auditEntry(moderator: TestUser, id: number) {
  const audit = await readJson(apiClient({ token: moderator.token }).admin.audit.$get());
  expectStatus(audit, 200);
  return audit.body.actions.find((entry) => entry.id === id);
}

describe('POST /api/admin/audit/{id}/reverse', () => {
  it('shows a hidden block again, audited as reversing its entry, told to the owner, once', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Misjudged' });
    const hidden = await actOnReport(
      moderator,
      await reportBoard(owner.username, block.id),
      'hide-block',
    );
    expectStatus(hidden, 201);
    expect(hidden.body.reversible).toBe(true);
    expect(await publicBlockTitles(owner.username)).toEqual([]);

    const reversed = await reverse(moderator, hidden.body.id, 'It was a real book');
    expectStatus(reversed, 201);
    expect(reversed.body).toMatchObject({
      action: 'unhide-block',
      reverses: hidden.body.id,
      blockId: block.id,
      note: 'It was a real book',
      moderator: moderator.username,
      reversible: false,
    });
    expect(await publicBlockTitles(owner.username)).toEqual(['Misjudged']);
    expect(await auditEntry(moderator, hidden.body.id)).toMatchObject({
      reversedBy: reversed.body.id,
      reversible: false,
    });
    const [notice] = await notificationsOf(owner);
    expect(notice?.moderation).toMatchObject({
      action: 'unhide-block',
      note: 'It was a real book',
    });

    const again = await reverse(moderator, hidden.body.id);
    expectStatus(again, 409);
    expect(again.body.error).toBe('This action was already reversed or superseded.');
  }, 30_000);

  it('unsuspends a suspended board and puts a board kept off Discover back on it', async () => {
    const moderator = await moderatorUser();
    const word = `r${Math.random().toString(36).slice(2, 10)}`;
    const owner = await createUser();
    expectStatus(
      await readJson(apiClient({ token: owner.token }).auth.me.$put({ json: { bio: word } })),
      200,
    );
    await createBlock(owner);
    const kept = await actOnReport(
      moderator,
      await reportBoard(owner.username),
      'keep-off-discover',
    );
    expectStatus(kept, 201);
    expect(await discoverNames(word)).toEqual([]);
    expectStatus(await reverse(moderator, kept.body.id), 201);
    expect(await discoverNames(word)).toEqual([owner.username]);

    const suspended = await actOnReport(moderator, await reportBoard(owner.username), 'suspend');
    expectStatus(suspended, 201);
    expect(await boardStatus(owner.username)).toBe(404);
    const restored = await reverse(moderator, suspended.body.id);
    expectStatus(restored, 201);
    expect(restored.body).toMatchObject({ action: 'unsuspend', reverses: suspended.body.id });
    expect(await boardStatus(owner.username)).toBe(200);
  }, 30_000);

  it('takes a suspension as reversed once the board was unsuspended from its report', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    const suspended = await actOnReport(moderator, reportId, 'suspend');
    expectStatus(suspended, 201);
    expectStatus(await actOnReport(moderator, reportId, 'unsuspend', 'Appeal accepted'), 201);
    expect(await auditEntry(moderator, suspended.body.id)).toMatchObject({ reversible: false });
    expectStatus(await reverse(moderator, suspended.body.id), 409);
  }, 30_000);

  it('refuses a dismissal, an unknown entry, no note and anyone but a moderator', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const dismissed = await actOnReport(moderator, await reportBoard(owner.username), 'dismiss');
    expectStatus(dismissed, 201);
    expect(dismissed.body.reversible).toBe(false);
    const refused = await reverse(moderator, dismissed.body.id);
    expectStatus(refused, 409);
    expect(refused.body.error).toBe('This action has nothing to undo: it cannot be reversed.');
    expectStatus(await reverse(moderator, 999_999_999), 404);
    const noNote = await reverse(moderator, dismissed.body.id, ' ');
    expectStatus(noNote, 400);
    expect(noNote.body.fields).toMatchObject({
      note: 'Write a note: why this action (the owner is told it).',
    });
    expectStatus(await reverse(owner, dismissed.body.id), 403);
  }, 30_000);
});

describe('POST /api/admin/reports/actions', () => {
  it("suspends several reports' boards in one request, each audited and told", async () => {
    const moderator = await moderatorUser();
    const owners = [await createUser(), await createUser(), await createUser()];
    const reportIds = [];
    for (const owner of owners) reportIds.push(await reportBoard(owner.username));

    const acted = await actOnAll(moderator, reportIds, 'suspend', 'Spam wave from one server');
    expectStatus(acted, 201);
    expect(acted.body.actions.map((entry) => entry.board).sort()).toEqual(
      owners.map((owner) => owner.username).sort(),
    );
    for (const owner of owners) {
      expect(await boardStatus(owner.username)).toBe(404);
      const told = await env.DB.prepare(
        "SELECT count(*) AS n FROM notifications WHERE recipient_id = ? AND kind = 'moderated'",
      )
        .bind(owner.id)
        .first<{ n: number }>();
      expect(told?.n).toBe(1);
      const audit = await readJson(apiClient({ token: moderator.token }).admin.audit.$get());
      expectStatus(audit, 200);
      expect(audit.body.actions.find((entry) => entry.board === owner.username)).toMatchObject({
        action: 'suspend',
        note: 'Spam wave from one server',
        moderator: moderator.username,
      });
    }
    const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
    expectStatus(queue, 200);
    const queued = queue.body.boards.map((entry) => entry.board.username);
    for (const owner of owners) expect(queued).not.toContain(owner.username);
  }, 60_000);

  it('hides the blocks the chosen reports name, one audited action per block', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const first = await createBlock(owner, { title: 'Pills' });
    const second = await createBlock(owner, { title: 'More pills' });
    await createBlock(owner, { title: 'Learning Go' });
    const reportIds = [await reportBoard(owner.username, first.id)];
    const other = await createUser();
    const otherBlock = await createBlock(other, { title: 'Casino' });
    reportIds.push(await reportBoard(other.username, otherBlock.id));
    await env.DB.prepare(
      'INSERT INTO reports (board_id, block_id, reason, snapshot, reporter_key, created_at) SELECT board_id, ?, reason, snapshot, ?, created_at FROM reports WHERE id = ?',
    )
      .bind(second.id, 'another-reporter', reportIds[0])
      .run();
    const secondReport = await env.DB.prepare('SELECT max(id) AS id FROM reports').first<{
      id: number;
    }>();
    reportIds.push(secondReport?.id ?? 0);

    const acted = await actOnAll(moderator, reportIds, 'hide-block');
    expectStatus(acted, 201);
    expect(acted.body.actions.map((entry) => entry.blockId).sort()).toEqual(
      [first.id, second.id, otherBlock.id].sort(),
    );
    expect(await publicBlockTitles(owner.username)).toEqual(['Learning Go']);
    expect(await publicBlockTitles(other.username)).toEqual([]);
  }, 60_000);

  it('is all or nothing: a board already suspended refuses the whole request, naming it', async () => {
    const moderator = await moderatorUser();
    const fresh = await createUser();
    const suspended = await createUser();
    const freshReport = await reportBoard(fresh.username);
    const suspendedReport = await reportBoard(suspended.username);
    expectStatus(await actOnReport(moderator, suspendedReport, 'suspend'), 201);

    const refused = await actOnAll(moderator, [freshReport, suspendedReport], 'suspend');
    expectStatus(refused, 409);
    expect(refused.body.error).toBe(
      `Already suspended: @${suspended.username}. Leave them out and try again.`,
    );
    expect(await boardStatus(fresh.username)).toBe(200);
  }, 30_000);

  it('refuses more than 100 reports, an unknown report and anyone but a moderator', async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const reportId = await reportBoard(owner.username);
    const tooMany = Array.from({ length: 101 }, (_, index) => reportId + index);
    const refused = await actOnAll(moderator, tooMany, 'suspend');
    expectStatus(refused, 400);
    expect(refused.body.fields).toMatchObject({
      reportIds: 'Act on at most 100 reports at once: choose fewer.',
    });
    const unknown = await actOnAll(moderator, [reportId, 999_999_999], 'suspend');
    expectStatus(unknown, 404);
    expect(unknown.body.error).toBe('These reports do not exist: 999999999.');
    const empty = await readJson(
      apiClient({ token: moderator.token }).admin.reports.actions.$post({
        json: offContract({ reportIds: [], action: 'suspend', note: 'x' }),
      }),
    );
    expectStatus(empty, 400);
    expectStatus(await actOnAll(owner, [reportId], 'suspend'), 403);
    expect(await boardStatus(owner.username)).toBe(200);
  }, 30_000);
});
