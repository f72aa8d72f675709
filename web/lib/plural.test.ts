import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

const clicks = { one: 'click', other: 'clicks' };

describe('countOf', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(countOf(1, clicks)).toBe('1 click');
    expect(countOf(0, clicks)).toBe('0 clicks');
    expect(countOf(2, clicks)).toBe('2 clicks');
    expect(countOf(1200, { one: 'view', other: 'views' })).toBe('1,200 views');
  });
});
