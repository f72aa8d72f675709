import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../test/factories';
import { getDb } from './db';
import { takeQuota } from './quotas';

const threeAnHour = { limit: 3, windowMs: 3_600_000 };

describe('takeQuota', () => {
  it('allows the limit within a window, then refuses until the window has passed', async () => {
    const key = uniqueName('q');
    const db = getDb(env);
    const start = Date.now();
    const uses = [];
    for (let i = 0; i < 4; i++) uses.push(await takeQuota(db, key, threeAnHour, start + i * 1000));
    expect(uses.map((use) => use.allowed)).toEqual([true, true, true, false]);
    expect(uses[3]?.retryAfterSeconds).toBe(3600 - 3);
    const nextWindow = await takeQuota(db, key, threeAnHour, start + 3_600_000);
    expect(nextWindow).toEqual({ allowed: true, retryAfterSeconds: 3600 });
  });

  it('never lets parallel uses past the limit', async () => {
    const key = uniqueName('q');
    const db = getDb(env);
    const uses = await Promise.all(
      Array.from({ length: 10 }, () => takeQuota(db, key, threeAnHour)),
    );
    expect(uses.filter((use) => use.allowed)).toHaveLength(3);
  });

  it('keeps allowances of different keys apart', async () => {
    const db = getDb(env);
    const [a, b] = [uniqueName('qa'), uniqueName('qb')];
    for (let i = 0; i < 3; i++) await takeQuota(db, a, threeAnHour);
    expect((await takeQuota(db, a, threeAnHour)).allowed).toBe(false);
    expect((await takeQuota(db, b, threeAnHour)).allowed).toBe(true);
  });
});
