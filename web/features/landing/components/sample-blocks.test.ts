import { describe, expect, it } from 'vitest';
import { publicBlock } from '../../../../schema/blocks';
import { blockTypes } from '../../../../schema/catalogue';
import { sampleBlocks } from './sample-blocks';

describe('the sample board', () => {
  it('holds blocks as a public board answers them, of real types in their own categories', () => {
    for (const block of sampleBlocks) {
      expect(publicBlock.parse(block)).toEqual(block);
      const type = blockTypes.find((candidate) => candidate.key === block.type);
      expect(type?.category, block.title).toBe(block.category);
    }
  });

  it('uses Learning, Creative and Links, with blocks in each tab', () => {
    expect(new Set(sampleBlocks.map((block) => block.category))).toEqual(
      new Set(['learning', 'creative', 'digital']),
    );
    expect(new Set(sampleBlocks.map((block) => block.status))).toEqual(
      new Set(['now', 'planned', 'done']),
    );
  });
});
