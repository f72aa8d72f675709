import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReceivedActivity } from '../../dev/fediverse-peer';
import worker from '../../index';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  moderatorUser,
  readJson,
  runCron,
  type TestUser,
} from '../../test/factories';
import { serveWorkerOnRelay } from '../../test/fediverse-relay';

const dayMs = 24 * 60 * 60 * 1000;

const { relay, peers } = inject('fediverse');
let serving: ReturnType<typeof serveWorkerOnRelay>;

beforeAll(() => {
  serving = serveWorkerOnRelay(relay);
});
afterAll(() => serving.stop());

const actorOf = (owner: TestUser) => `${relay}/@${owner.username}`;

/** A visitor reports the board, and a moderator suspends it from the report. */
async function suspend(owner: TestUser) {
  const reported = await apiClient().reports.$post({
    json: { username: owner.username, reason: 'spam', comment: 'Selling pills' },
  });
  expect(reported.status).toBe(201);
  const row = await env.DB.prepare('SELECT max(id) AS id FROM reports WHERE board_id = ?')
    .bind(owner.id)
    .first<{ id: number }>();
  const reportId = row?.id ?? 0;
  return { reportId, actionId: await act(reportId, 'suspend') };
}

/** A moderator acts on the report (a suspended board is reported no more: its earlier one). */
async function act(reportId: number, action: 'suspend' | 'unsuspend' | 'dismiss') {
  const moderator = await moderatorUser();
  const acted = await readJson(
    apiClient({ token: moderator.token }).admin.reports[':id'].actions.$post({
      param: { id: String(reportId) },
      json: { action, note: `Because ${action}` },
    }),
  );
  expectStatus(acted, 201);
  return acted.body.id;
}

/** Suspends the owner's board through the queue, as if it had happened `daysAgo` days ago. */
async function suspendedDaysAgo(owner: TestUser, daysAgo: number) {
  const suspension = await suspend(owner);
  await env.DB.prepare('UPDATE users SET suspended_at = ? WHERE id = ?')
    .bind(Date.now() - daysAgo * dayMs, owner.id)
    .run();
  return suspension;
}

async function accountExists(owner: TestUser) {
  const row = await env.DB.prepare(
    'SELECT (SELECT count(*) FROM users WHERE id = ?1) + (SELECT count(*) FROM blocks WHERE user_id = ?1) AS n',
  )
    .bind(owner.id)
    .first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

async function uploadAvatar(user: TestUser): Promise<string> {
  const png = encodePng({ width: 4, height: 4, data: new Uint8Array(48).fill(90), channels: 3 });
  const file = new File([new Uint8Array(png)], 'me.png', { type: 'image/png' });
  const uploaded = await readJson(
    apiClient({ token: user.token }).upload.avatar.$post({ form: { file } }),
  );
  expectStatus(uploaded, 201);
  await apiClient({ token: user.token }).auth.me.$put({ json: { avatar: uploaded.body.url } });
  return uploaded.body.url.replace('/api/images/', '');
}

describe("the cron's deletion of suspended accounts", () => {
  it('deletes an account suspended 31 days ago as its own deletion does: board, blocks, images, follows, and the name retired', async () => {
    const owner = await createUser();
    const avatarKey = await uploadAvatar(owner);
    await createBlock(owner, { title: 'Cheap pills' });
    const reader = await createUser();
    const followed = await apiClient({ token: reader.token }).follows[':username'].$post({
      param: { username: owner.username },
    });
    expect(followed.ok).toBe(true);
    await suspendedDaysAgo(owner, 31);

    await runCron();

    expect(await accountExists(owner)).toBe(false);
    expect(await env.IMAGES.get(avatarKey)).toBeNull();
    const follows = await env.DB.prepare('SELECT count(*) AS n FROM follows WHERE followed_id = ?')
      .bind(owner.id)
      .first<{ n: number }>();
    expect(follows?.n).toBe(0);
    const board = apiClient().boards[':username'].$get({
      query: {},
      param: { username: owner.username },
    });
    expect((await board).status).toBe(404);
    const again = await apiClient().auth.register.$post({
      json: {
        username: owner.username,
        email: `again-${owner.email}`,
        password: 'up2-test-passphrase',
        displayName: 'Someone else',
        emailOptIn: false,
      },
    });
    expect(again.status).toBe(409);
  });

  it('keeps an account suspended 29 days ago', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Cheap pills' });
    await suspendedDaysAgo(owner, 29);

    await runCron();

    expect(await accountExists(owner)).toBe(true);
  });

  it('keeps an account suspended 31 days ago and then unsuspended', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Fine after all' });
    const { reportId } = await suspendedDaysAgo(owner, 31);
    await act(reportId, 'unsuspend');

    await runCron();

    expect(await accountExists(owner)).toBe(true);
    const board = apiClient().boards[':username'].$get({
      query: {},
      param: { username: owner.username },
    });
    expect((await board).status).toBe(200);
  });

  it('waits for an appeal the moderators have not answered, and deletes once it is answered', async () => {
    const owner = await createUser();
    const { reportId, actionId } = await suspendedDaysAgo(owner, 31);
    const login = await readJson(
      apiClient().auth.login.$post({
        json: { username: owner.username, password: owner.password },
      }),
    );
    expectStatus(login, 200);
    const appealed = await apiClient({ token: login.body.token }).reports.appeals.$post({
      json: { actionId, text: 'It was a joke between friends.' },
    });
    expect(appealed.status).toBe(201);

    await runCron();
    expect(await accountExists(owner)).toBe(true);

    await act(reportId, 'dismiss');
    await runCron();
    expect(await accountExists(owner)).toBe(false);
  });

  it('tells the owner on which day the account will be deleted', async () => {
    const owner = await createUser();
    await suspendedDaysAgo(owner, 0);
    const { suspended_at: suspendedAt } = (await env.DB.prepare(
      'SELECT suspended_at FROM users WHERE id = ?',
    )
      .bind(owner.id)
      .first<{ suspended_at: number }>()) ?? { suspended_at: 0 };
    const login = await readJson(
      apiClient().auth.login.$post({
        json: { username: owner.username, password: owner.password },
      }),
    );
    expectStatus(login, 200);
    const notices = await readJson(apiClient({ token: login.body.token }).notifications.$get());
    expectStatus(notices, 200);
    expect(notices.body.notifications[0]?.moderation).toMatchObject({
      action: 'suspend',
      deletesAt: suspendedAt + 30 * dayMs,
    });
  });
});

/** The peer's activities received so far, until one `matches` (up to 20 s). */
async function receivedBy(
  peer: { origin: string },
  matches: (activity: ReceivedActivity) => boolean,
): Promise<ReceivedActivity> {
  for (let tries = 0; tries < 100; tries++) {
    const received: ReceivedActivity[] = await (
      await fetch(`${peer.origin}/__peer/received`)
    ).json();
    const found = received.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The peer received no such activity.');
}

describe('a suspended account deleted by the cron, followed from another server', () => {
  it('sends its followers there a Delete of the actor, as its own deletion does', async () => {
    const owner = await createUser();
    const peer = peers.cavage;
    const followed = await fetch(`${peer.origin}/__peer/follow`, {
      method: 'POST',
      body: JSON.stringify({ actor: actorOf(owner) }),
    });
    expect(followed.status, await followed.clone().text()).toBe(200);
    // The accepted follower holds the board's key, which signs the Delete.
    await receivedBy(
      peer,
      (activity) => activity.type === 'Accept' && activity.actor === actorOf(owner),
    );
    await suspendedDaysAgo(owner, 31);

    // The cron names actors at the instance's address: here, the relay the peers reach.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), { ...env, APP_URL: relay }, ctx);
    await waitOnExecutionContext(ctx);

    const deletion = await receivedBy(
      peer,
      (activity) => activity.type === 'Delete' && activity.actor === actorOf(owner),
    );
    expect(deletion.object).toBe(actorOf(owner));
    expect(await accountExists(owner)).toBe(false);
  }, 60_000);
});
