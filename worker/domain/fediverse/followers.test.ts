import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fediverseFollowers } from '../../../schema/tables';
import { getDb } from '../../platform/db';
import { createUser, type TestUser } from '../../test/factories';
import {
  addFediverseFollower,
  approveFediverseFollower,
  countFediverseFollowers,
  followLimits,
  roomForFollowsFrom,
} from './followers';
import { hasFediverseFollowers } from './story-queue';

const db = getDb(env);

/** A follow of `owner` by account `n` of `host`, as the inbox stores one it verified. */
function follow(owner: TestUser, host: string, n: number) {
  const actorId = `https://${host}/users/reader-${n}`;
  return addFediverseFollower(db, env, {
    userId: owner.id,
    actorId,
    followId: `https://${host}/follows/${n}`,
    inbox: `${actorId}/inbox`,
    sharedInbox: `https://${host}/inbox`,
    handle: `@reader-${n}@${host}`,
    name: null,
    avatarUrl: null,
  });
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('follows from one server', () => {
  it('past its hourly limit, arriving together, wait for the owner: not counted until let in', async () => {
    const owner = await createUser();
    const answers = await Promise.all(
      range(1, followLimits.perHostPerHour + 3).map((n) => follow(owner, 'flood.example', n)),
    );
    expect(answers.filter((answer) => answer.waiting)).toHaveLength(3);
    expect(await countFediverseFollowers(db, owner.id)).toBe(followLimits.perHostPerHour);

    // Another server's follow is its own: let in at once.
    expect(await follow(owner, 'calm.example', 1)).toEqual({ waiting: false });

    const [waiting] = await db
      .select()
      .from(fediverseFollowers)
      .where(and(eq(fediverseFollowers.userId, owner.id), eq(fediverseFollowers.waiting, true)));
    if (!waiting) throw new Error('no follow waits');
    await approveFediverseFollower(db, owner.id, waiting.id);
    expect(await countFediverseFollowers(db, owner.id)).toBe(followLimits.perHostPerHour + 2);
    await expect(approveFediverseFollower(db, owner.id, waiting.id)).rejects.toMatchObject({
      message: 'No follow waits for your approval here.',
    });
  });

  it('a board whose only follows wait has no followers to deliver to', async () => {
    const owner = await createUser();
    await Promise.all(
      range(1, followLimits.perHostPerHour).map((n) =>
        db.insert(fediverseFollowers).values({
          userId: owner.id,
          actorId: `https://earlier.example/users/reader-${n}`,
          followId: `https://earlier.example/follows/${n}`,
          inbox: `https://earlier.example/users/reader-${n}/inbox`,
          deliveryInbox: 'https://earlier.example/inbox',
          handle: `@reader-${n}@earlier.example`,
          actorHost: 'earlier.example',
          waiting: true,
        }),
      ),
    );
    expect(await hasFediverseFollowers(db, owner.id)).toBe(false);
    expect(await follow(owner, 'earlier.example', 0)).toEqual({ waiting: true });
  });

  it('past the waiting limit, are not kept at all', async () => {
    const owner = await createUser();
    const waitingRow = (n: number) => ({
      userId: owner.id,
      actorId: `https://flood.example/users/reader-${n}`,
      followId: `https://flood.example/follows/${n}`,
      inbox: `https://flood.example/users/reader-${n}/inbox`,
      deliveryInbox: 'https://flood.example/inbox',
      handle: `@reader-${n}@flood.example`,
      actorHost: 'flood.example',
      waiting: true,
    });
    const rows = range(1, followLimits.waitingPerHost - 1).map(waitingRow);
    for (let start = 0; start < rows.length; start += 10) {
      await db.insert(fediverseFollowers).values(rows.slice(start, start + 10));
    }
    expect(await roomForFollowsFrom(db, owner.id, 'https://flood.example/users/next')).toBe(true);
    await db.insert(fediverseFollowers).values(waitingRow(followLimits.waitingPerHost));
    expect(await roomForFollowsFrom(db, owner.id, 'https://FLOOD.example/users/next')).toBe(false);
    expect(await roomForFollowsFrom(db, owner.id, 'https://calm.example/users/next')).toBe(true);
  });
});
