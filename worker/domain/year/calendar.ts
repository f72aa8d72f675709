/*
 * Where years, months and weeks begin in an owner's time zone. Instants are ms since the epoch;
 * a zone is an IANA name ("Europe/Lisbon"), UTC when the owner set none.
 */

const utc = 'UTC';
const dayMs = 86_400_000;
const weekMs = 7 * dayMs;
// 1970-01-01 was a Thursday: three days on, weeks start on Mondays.
const mondayShiftMs = 3 * dayMs;

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(zone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, clock);
  }
  return clock;
}

/** Whether the platform knows `zone` by this name. */
function isTimeZone(zone: string): boolean {
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to count in: the owner's, or UTC when they set none (or it is no longer known). */
export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : utc;
}

/** How far `zone`'s clocks are ahead of UTC at `at`, in ms. */
export function zoneOffset(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(at)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the first day of `month` (0-11, may run past 11) of `year` begins in `zone`. */
function monthStart(year: number, month: number, zone: string): number {
  const wall = Date.UTC(year, month, 1);
  const guess = wall - zoneOffset(wall, zone);
  // The offset at the guess is the one in force then (it differs only across a clock change).
  return wall - zoneOffset(guess, zone);
}

/** A calendar year in `zone`: from its first instant up to (not including) the next year's. */
export function yearSpan(year: number, zone: string) {
  return { start: monthStart(year, 0, zone), end: monthStart(year + 1, 0, zone) };
}

/** The thirteen instants the months of `year` begin and end at, in `zone`. */
export function monthStarts(year: number, zone: string): number[] {
  return Array.from({ length: 13 }, (_, month) => monthStart(year, month, zone));
}

/** The calendar year `at` falls in, in `zone`. */
export function yearAt(at: number, zone: string): number {
  return new Date(at + zoneOffset(at, zone)).getUTCFullYear();
}

/**
 * The number of the week (Monday to Sunday) `at` falls in, counted from the epoch in `zone` with
 * the offset `offset` (the zone's now: a clock change moves a week's edge by an hour at most).
 */
export function weekNumber(at: number, offset: number): number {
  return Math.floor((at + offset + mondayShiftMs) / weekMs);
}

export const weekSql = { weekMs, mondayShiftMs };
