import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../platform/db';
import { createBlock, createUser } from '../../test/factories';
import { readStreak, streakOf } from './streaks';

const weekMs = 7 * 86_400_000;
// A Wednesday noon, UTC: the middle of its week.
const now = Date.parse('2026-11-25T12:00:00Z');

/** Replaces the user's story with one event, of a visible block or not, at each of these times. */
async function newsAt(userId: number, blockId: number, times: number[]) {
  await env.DB.prepare('DELETE FROM block_story_events WHERE user_id = ?').bind(userId).run();
  for (const at of times) {
    await env.DB.prepare(
      "INSERT INTO block_story_events (user_id, block_id, kind, at) VALUES (?, ?, 'started', ?)",
    )
      .bind(userId, blockId, at)
      .run();
  }
}

describe('streaks', () => {
  it('counts the run of weeks with news up to this week, or last week while this one has none yet', () => {
    expect(streakOf([10, 9, 8, 6, 5, 4, 3], 10)).toEqual({ current: 3, longest: 4 });
    expect(streakOf([9, 8], 10)).toEqual({ current: 2, longest: 2 });
    expect(streakOf([8, 7], 10)).toEqual({ current: 0, longest: 2 });
    expect(streakOf([], 10)).toEqual({ current: 0, longest: 0 });
  });

  it('reads the weeks from the story events of visible blocks, in the owner time zone', async () => {
    const user = await createUser();
    const shown = await createBlock(user);
    const db = getDb(env);
    await newsAt(user.id, shown.id, [now, now - weekMs, now - 2 * weekMs, now - 4 * weekMs]);
    expect(await readStreak(db, user.id, null, now)).toEqual({ current: 3, longest: 3 });

    const hidden = await createBlock(user, { isVisible: false });
    await newsAt(user.id, hidden.id, [now, now - weekMs]);
    expect(await readStreak(db, user.id, null, now)).toEqual({ current: 0, longest: 0 });

    // Sunday 23:30 UTC is already Monday in Tokyo: the event falls in the next week there.
    const sundayNight = Date.parse('2026-11-22T23:30:00Z');
    await newsAt(user.id, shown.id, [sundayNight, sundayNight - weekMs]);
    expect(await readStreak(db, user.id, null, now)).toEqual({ current: 2, longest: 2 });
    expect(await readStreak(db, user.id, 'Asia/Tokyo', now)).toEqual({ current: 2, longest: 2 });
    const nextWednesday = now + weekMs;
    expect(await readStreak(db, user.id, null, nextWednesday)).toEqual({ current: 0, longest: 2 });
    expect(await readStreak(db, user.id, 'Asia/Tokyo', nextWednesday)).toEqual({
      current: 2,
      longest: 2,
    });
  });
});
