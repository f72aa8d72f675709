import { describe, expect, it } from 'vitest';
import { monthOf, timeAgo } from './relative-time';

const now = Date.UTC(2026, 10, 24, 12);
const daysBefore = (days: number) => now - days * 24 * 60 * 60 * 1000;

describe('timeAgo', () => {
  it('says today for anything within the last 24 hours, and for a time a clock ahead put in the future', () => {
    expect(timeAgo(now, now)).toBe('today');
    expect(timeAgo(now - 60_000, now)).toBe('today');
    expect(timeAgo(daysBefore(0.99), now)).toBe('today');
    expect(timeAgo(now + 60_000, now)).toBe('today');
  });

  it('counts days for the first week', () => {
    expect(timeAgo(daysBefore(1), now)).toBe('1 day ago');
    expect(timeAgo(daysBefore(2.5), now)).toBe('2 days ago');
    expect(timeAgo(daysBefore(6.9), now)).toBe('6 days ago');
  });

  it('counts whole weeks up to a month', () => {
    expect(timeAgo(daysBefore(7), now)).toBe('1 week ago');
    expect(timeAgo(daysBefore(21), now)).toBe('3 weeks ago');
    expect(timeAgo(daysBefore(29), now)).toBe('4 weeks ago');
  });

  it('counts whole months up to a year, then years', () => {
    expect(timeAgo(daysBefore(30), now)).toBe('1 month ago');
    expect(timeAgo(daysBefore(95), now)).toBe('3 months ago');
    expect(timeAgo(daysBefore(364), now)).toBe('11 months ago');
    expect(timeAgo(daysBefore(365), now)).toBe('1 year ago');
    expect(timeAgo(daysBefore(800), now)).toBe('2 years ago');
  });
});

describe('monthOf', () => {
  it('names the month alone within the same year', () => {
    expect(monthOf(Date.UTC(2026, 2, 14), now)).toBe('March');
    expect(monthOf(Date.UTC(2026, 10, 1), now)).toBe('November');
  });

  it('adds the year to a month of an earlier year', () => {
    expect(monthOf(Date.UTC(2025, 4, 3), now)).toBe('May 2025');
  });

  it('reads the month in UTC, wherever it runs', () => {
    expect(monthOf(Date.UTC(2026, 2, 31, 23, 30), now)).toBe('March');
    expect(monthOf(Date.UTC(2026, 3, 1, 0, 30), now)).toBe('April');
  });
});
