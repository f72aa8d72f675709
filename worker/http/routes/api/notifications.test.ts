import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxCountedUnread } from '../../../../schema/notifications';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  notificationsOf,
  readJson,
  type TestUser,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

/** As `user`, waiting for the work each request leaves running (the mail). */
const settledApi = (user: TestUser) => apiClient({ token: user.token, settled: true });

function follow(follower: TestUser, owner: TestUser) {
  return readJson(
    settledApi(follower).follows[':username'].$post({ param: { username: owner.username } }),
  );
}

function unfollow(follower: TestUser, owner: TestUser) {
  return readJson(
    settledApi(follower).follows[':username'].$delete({ param: { username: owner.username } }),
  );
}

function copy(copier: TestUser, blockId: number) {
  return readJson(settledApi(copier).blocks[':id'].copy.$post({ param: { id: String(blockId) } }));
}

async function unreadOf(user: TestUser) {
  const answer = await readJson(apiClient({ token: user.token }).notifications.unread.$get());
  expectStatus(answer, 200);
  return answer.body.unread;
}

function markRead(user: TestUser, upTo: number) {
  return readJson(apiClient({ token: user.token }).notifications.read.$post({ json: { upTo } }));
}

function setByEmail(user: TestUser, byEmail: boolean) {
  return readJson(
    apiClient({ token: user.token }).notifications.settings.$put({ json: { byEmail } }),
  );
}

/** What the local mail transport printed while `action` ran. */
async function mailsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await action();
  const mails = log.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((line) => line.includes('--- email'));
  log.mockRestore();
  return mails;
}

describe('GET /api/notifications', () => {
  it('tells an owner who followed them and who copied which block, newest first, each unread', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Dune' });
    const follower = await createUser();
    const copier = await createUser();
    expectStatus(await follow(follower, owner), 200);
    expectStatus(await copy(copier, block.id), 201);

    const listed = await notificationsOf(owner);
    expect(
      listed.map(({ kind, actor, block, unread }) => ({ kind, actor, block, unread })),
    ).toEqual([
      {
        kind: 'copied',
        actor: { username: copier.username, displayName: `Name ${copier.username}`, avatar: null },
        block: { id: block.id, title: 'Dune' },
        unread: true,
      },
      {
        kind: 'followed',
        actor: {
          username: follower.username,
          displayName: `Name ${follower.username}`,
          avatar: null,
        },
        block: null,
        unread: true,
      },
    ]);
    expect(await unreadOf(owner)).toBe(2);
    // Nobody else is told.
    expect(await notificationsOf(follower)).toEqual([]);
  });

  it('tells a follow once, though the follower unfollows and follows again', async () => {
    const owner = await createUser();
    const follower = await createUser();
    await follow(follower, owner);
    await unfollow(follower, owner);
    await follow(follower, owner);
    await follow(follower, owner);
    expect((await notificationsOf(owner)).map((n) => n.kind)).toEqual(['followed']);
  });

  it('answers 401 when signed out', async () => {
    const answer = await readJson(apiClient().notifications.$get());
    expectStatus(answer, 401);
    expectStatus(await readJson(apiClient().notifications.unread.$get()), 401);
  });
});

describe('POST /api/notifications/read', () => {
  it('reads what the list showed, and what comes later is unread again', async () => {
    const owner = await createUser();
    await follow(await createUser(), owner);
    const [shown] = await notificationsOf(owner);
    const read = await markRead(owner, shown?.at ?? 0);
    expectStatus(read, 200);
    expect(read.body).toEqual({ unread: 0 });
    expect((await notificationsOf(owner)).map((n) => n.unread)).toEqual([false]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await follow(await createUser(), owner);
    expect(await unreadOf(owner)).toBe(1);
    expect((await notificationsOf(owner)).map((n) => n.unread)).toEqual([true, false]);
  });

  it('never moves back in time, and refuses an upTo that is not a time', async () => {
    const owner = await createUser();
    await follow(await createUser(), owner);
    const [shown] = await notificationsOf(owner);
    await markRead(owner, shown?.at ?? 0);
    await markRead(owner, 0);
    expect(await unreadOf(owner)).toBe(0);
    const refused = await readJson(
      apiClient({ token: owner.token }).notifications.read.$post({
        json: { upTo: -1 },
      }),
    );
    expectStatus(refused, 400);
    expect(refused.body.error).toBe(
      'upTo must be the time of the newest notification shown, in ms.',
    );
  });

  it(`counts unread from the rows, up to ${maxCountedUnread}`, async () => {
    const owner = await createUser();
    const insert = env.DB.prepare(
      "INSERT INTO notifications (recipient_id, kind, actor_id) VALUES (?, 'followed', ?)",
    );
    const actor = await createUser();
    await env.DB.batch(
      Array.from({ length: maxCountedUnread + 20 }, () => insert.bind(owner.id, actor.id)),
    );
    expect(await unreadOf(owner)).toBe(maxCountedUnread);
  });
});

describe('email notifications', () => {
  it('are off until the owner turns them on', async () => {
    const owner = await createUser();
    const settings = await readJson(
      apiClient({ token: owner.token }).notifications.settings.$get(),
    );
    expectStatus(settings, 200);
    expect(settings.body).toEqual({ byEmail: false });
    const follower = await createUser();
    expect(await mailsDuring(() => follow(follower, owner))).toEqual([]);
  });

  it('once on, send one email for a stretch of unread news, and the next after the list is read', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Dune' });
    expectStatus(await setByEmail(owner, true), 200);
    const [first, second] = [await createUser(), await createUser()];

    const mails = await mailsDuring(async () => {
      await follow(first, owner);
      await follow(second, owner);
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${owner.email}`);
    expect(mails[0]).toContain(`Name ${first.username} (@${first.username}) followed your board`);

    const [newest] = await notificationsOf(owner);
    await markRead(owner, newest?.at ?? 0);
    const afterReading = await mailsDuring(() => copy(second, block.id));
    expect(afterReading).toHaveLength(1);
    expect(afterReading[0]).toContain(`copied “Dune” from your board`);

    expectStatus(await setByEmail(owner, false), 200);
    const [latest] = await notificationsOf(owner);
    await markRead(owner, latest?.at ?? 0);
    const third = await createUser();
    expect(await mailsDuring(() => follow(third, owner))).toEqual([]);
  });
});
