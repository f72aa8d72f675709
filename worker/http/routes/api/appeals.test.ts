import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  moderatorUser,
  offContract,
  readJson,
  type TestUser,
} from '../../../test/factories';

/** The owner's board kept off Discover by a moderator; answers the action's id. */
async function keptOff(owner: TestUser, moderator: TestUser) {
  expect(
    (
      await apiClient().reports.$post({
        json: { username: owner.username, reason: 'spam' },
      })
    ).status,
  ).toBe(201);
  const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
  expectStatus(queue, 200);
  const entry = queue.body.boards.find((item) => item.board.username === owner.username);
  const reportId = String(entry?.reports[0]?.id);
  const acted = await readJson(
    apiClient({ token: moderator.token }).admin.reports[':id'].actions.$post({
      param: { id: reportId },
      json: { action: 'keep-off-discover', note: 'Looks like spam' },
    }),
  );
  expectStatus(acted, 201);
  return acted.body.id;
}

async function noticeOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).notifications.$get());
  expectStatus(answer, 200);
  return answer.body.notifications[0];
}

const appeal = (owner: TestUser | null, json: { actionId: number; text: string }) =>
  readJson(apiClient(owner ? { token: owner.token } : {}).reports.appeals.$post({ json }));

describe('POST /api/reports/appeals', () => {
  it("puts the owner's appeal in the queue once, naming the action, and their notice says it was appealed", async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const actionId = await keptOff(owner, moderator);

    expect((await noticeOf(owner))?.moderation).toMatchObject({ actionId, appealed: false });

    const filed = await appeal(owner, { actionId, text: 'It is my reading list, not spam.' });
    expectStatus(filed, 201);
    const queue = await readJson(apiClient({ token: moderator.token }).admin.reports.$get());
    expectStatus(queue, 200);
    const entry = queue.body.boards.find((item) => item.board.username === owner.username);
    expect(entry?.reports[0]).toMatchObject({
      comment: 'It is my reading list, not spam.',
      appealOf: { action: 'keep-off-discover', note: 'Looks like spam' },
    });
    expect((await noticeOf(owner))?.moderation).toMatchObject({ actionId, appealed: true });

    const again = await appeal(owner, { actionId, text: 'Please?' });
    expectStatus(again, 409);
    expect(again.body.error).toBe('You already appealed this action: an action is appealed once.');
  });

  it("refuses another board's action (404), an empty appeal (400) and anyone signed out (401)", async () => {
    const moderator = await moderatorUser();
    const owner = await createUser();
    const stranger = await createUser();
    const actionId = await keptOff(owner, moderator);

    const notTheirs = await appeal(stranger, { actionId, text: 'Undo it' });
    expectStatus(notTheirs, 404);
    const empty = await appeal(owner, offContract({ actionId, text: '  ' }));
    expectStatus(empty, 400);
    expect(empty.body.fields).toEqual({ text: 'Say why the moderator’s action should be undone.' });
    expectStatus(await appeal(null, { actionId, text: 'Undo it' }), 401);
  });
});
