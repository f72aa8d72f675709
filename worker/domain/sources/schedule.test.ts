import { describe, expect, it } from 'vitest';
import { lastSlotTime, randomSlot, restAfter, slotsDueAt } from './schedule';

const minute = 60_000;
const hour = 60 * minute;

describe('the sources schedule', () => {
  it('gives each minute of the 30-minute cycle its 16 slots, and every slot a minute', () => {
    const seen = new Set<number>();
    for (let m = 0; m < 30; m++) {
      const slots = slotsDueAt(m * minute + 5_000);
      expect(slots).toHaveLength(16);
      for (const slot of slots) seen.add(slot);
    }
    expect(seen.size).toBe(480);
    expect(slotsDueAt(30 * minute)).toEqual(slotsDueAt(0));
    for (let n = 0; n < 100; n++) expect(seen.has(randomSlot())).toBe(true);
  });

  it('knows when the schedule last reached a slot: within the last 30 minutes, in its minute', () => {
    const now = Date.UTC(2026, 10, 26, 18, 7, 30);
    for (const slot of [0, 15, 16, 7 * 16 + 3, 8 * 16, 479]) {
      const at = lastSlotTime(slot, now);
      expect(at).toBeLessThanOrEqual(now);
      expect(now - at).toBeLessThan(30 * minute);
      expect(slotsDueAt(at)).toContain(slot);
    }
  });

  it('backs off after failures: the next slot, then 1 h doubling to 12 h, longer if the server asks', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => restAfter(failures, null) / hour)).toEqual([
      0, 1, 2, 4, 8, 12, 12, 12,
    ]);
    expect(restAfter(1, 3 * hour)).toBe(3 * hour);
    expect(restAfter(4, minute)).toBe(4 * hour);
    expect(restAfter(1, 7 * 24 * hour)).toBe(24 * hour);
  });
});
