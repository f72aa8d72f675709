import { describe, expect, it } from 'vitest';
import { suggestedEmbedHeight } from './embed-height';

describe('suggestedEmbedHeight', () => {
  it('fits a board of a few blocks, so the frame is not half empty', () => {
    expect(suggestedEmbedHeight(0)).toBe(232);
    expect(suggestedEmbedHeight(1)).toBe(232);
    expect(suggestedEmbedHeight(2)).toBe(232);
    expect(suggestedEmbedHeight(3)).toBe(324);
  });

  it('stops at 600 px for a long board, which then scrolls in its frame', () => {
    expect(suggestedEmbedHeight(9)).toBe(600);
    expect(suggestedEmbedHeight(200)).toBe(600);
  });
});
