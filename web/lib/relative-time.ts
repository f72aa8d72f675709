// Words for when something happened, as a reader takes them in at a glance. Never finer than a
// day: a board page is cached and read for minutes after it was drawn, and still reads right.
// Months are named in UTC, the one zone the server and every browser agree on.

const dayMs = 24 * 60 * 60 * 1000;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const today = new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(0, 'day');
const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });
const monthAndYear = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'UTC' });

/**
 * How long before `now` the time `at` was, in the largest unit it holds: "today", "3 days ago",
 * "3 weeks ago", "5 months ago", "2 years ago". Both in ms since the epoch.
 */
export function timeAgo(at: number, now: number): string {
  const days = Math.floor(Math.max(0, now - at) / dayMs);
  if (days < 1) return today;
  if (days < 7) return relative.format(-days, 'day');
  if (days < 30) return relative.format(-Math.floor(days / 7), 'week');
  if (days < 365) return relative.format(-Math.max(1, Math.floor(days / (365 / 12))), 'month');
  return relative.format(-Math.floor(days / 365), 'year');
}

/** The month of `at`: "March" within the year of `now`, "March 2025" before it. */
export function monthOf(at: number, now: number): string {
  return year.format(at) === year.format(now) ? month.format(at) : monthAndYear.format(at);
}

/** For a `<time>` element's `dateTime`. */
export function machineTime(at: number): string {
  return new Date(at).toISOString();
}
