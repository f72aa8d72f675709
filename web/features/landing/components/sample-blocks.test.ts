import { describe, expect, it } from 'vitest';
import { blocksForChip, sampleBlocks } from './sample-blocks';

describe('blocksForChip', () => {
  it('keeps every sample block under the All chip', () => {
    expect(blocksForChip(sampleBlocks, 'all')).toEqual(sampleBlocks);
  });

  it('keeps only the blocks of the chosen chip', () => {
    const links = blocksForChip(sampleBlocks, 'links');
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((block) => block.chip === 'links')).toBe(true);
  });
});
