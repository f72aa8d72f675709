import { describe, expect, it } from 'vitest';
import { formatFeedbackDate } from './format-date';

const utcEnglish = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

describe('formatFeedbackDate', () => {
  it('formats an ISO timestamp with the given formatter', () => {
    expect(formatFeedbackDate('2025-03-04T15:30:00.000Z', utcEnglish)).toBe('Mar 4, 2025, 3:30 PM');
  });

  it('says N/A when the date is missing', () => {
    expect(formatFeedbackDate(null)).toBe('N/A');
    expect(formatFeedbackDate(undefined)).toBe('N/A');
    expect(formatFeedbackDate('')).toBe('N/A');
  });

  it('says N/A when the date cannot be read', () => {
    expect(formatFeedbackDate('not a date')).toBe('N/A');
  });
});
