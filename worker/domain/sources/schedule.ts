/**
 * When sources are checked (decision 0032): every 30 minutes, each at its own slot. A slot is a
 * minute of the cycle and one of its shards, drawn at random when the source is added (the
 * jitter): the cron sends the minute's shards to the queue, and each shard's sources are found
 * from an index on `slot`. Nothing is written to schedule a check, and no row or key is touched
 * by every check.
 */
const cycleMinutes = 30;
const shardsPerMinute = 16;
const minuteMs = 60_000;
const cycleMs = cycleMinutes * minuteMs;

export function randomSlot(): number {
  return Math.floor(Math.random() * cycleMinutes * shardsPerMinute);
}

/** The slots due in the minute holding `now`: that minute's shards. */
export function slotsDueAt(now: number): number[] {
  const minute = Math.floor(now / minuteMs) % cycleMinutes;
  return Array.from({ length: shardsPerMinute }, (_, shard) => minute * shardsPerMinute + shard);
}

/** Every slot, for a check of all due sources at once (a manual trigger in development). */
export function allSlots(): number[] {
  return Array.from({ length: cycleMinutes * shardsPerMinute }, (_, slot) => slot);
}

/** When the schedule last reached a slot, at or before `now`. */
export function lastSlotTime(slot: number, now: number): number {
  const offset = Math.floor(slot / shardsPerMinute) * minuteMs;
  return Math.floor((now - offset) / cycleMs) * cycleMs + offset;
}

const maxBackoffMs = 12 * 60 * 60 * 1000;
const maxWaitMs = 24 * 60 * 60 * 1000;

/**
 * How long a source rests after `failures` failures in a row: the next slot after the first,
 * then doubling from an hour up to 12 hours; longer when its server asked (Retry-After), up to
 * a day.
 */
export function restAfter(failures: number, retryAfterMs: number | null): number {
  const backoff = failures <= 1 ? 0 : Math.min(maxBackoffMs, 2 ** (failures - 2) * 2 * cycleMs);
  return Math.min(maxWaitMs, Math.max(backoff, retryAfterMs ?? 0));
}
