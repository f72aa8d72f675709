import { describe, expect, it } from 'vitest';
import { boardCountLabel } from './board-count';

describe('boardCountLabel', () => {
  it('uses the singular for exactly one board', () => {
    expect(boardCountLabel(1)).toBe('1 board');
  });

  it('uses the plural for none and for several boards', () => {
    expect(boardCountLabel(0)).toBe('0 boards');
    expect(boardCountLabel(24)).toBe('24 boards');
  });

  it('groups thousands, and marks a count that is only a floor', () => {
    expect(boardCountLabel(1_000_000)).toBe('1,000,000 boards');
    expect(boardCountLabel(5000, true)).toBe('5,000+ boards');
  });
});
