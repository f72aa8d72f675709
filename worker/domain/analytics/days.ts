const dayMs = 24 * 60 * 60 * 1000;

/** The UTC calendar day of a timestamp, as `YYYY-MM-DD`: the bucket daily views are counted in. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The last `count` UTC days up to and including the day of `at`, oldest first. */
export function lastDays(count: number, at: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(at - (count - 1 - i) * dayMs));
}
