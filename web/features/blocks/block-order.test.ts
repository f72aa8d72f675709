import { describe, expect, it } from 'vitest';
import type { BlockStatus } from '../../../schema/block-values';
import { withBlockPlaced } from './block-order';

const block = (id: number, status: BlockStatus) => ({ id, status });
const firstPages = [block(1, 'now'), block(2, 'planned'), block(3, 'now'), block(4, 'done')];
const moreOfNow = [block(5, 'now'), block(6, 'now')];
const ids = (lists: { id: number }[][]) => lists.map((list) => list.map((b) => b.id));

describe('withBlockPlaced', () => {
  it('puts a block after its neighbour, leaving the other lists as they were', () => {
    const placed = withBlockPlaced([firstPages, moreOfNow], 1, 'now', 3);
    expect(ids(placed)).toEqual([
      [2, 3, 1, 4],
      [5, 6],
    ]);
    expect(placed[1]).toBe(moreOfNow);
  });

  it('puts a block first in its tab, from a later page', () => {
    expect(ids(withBlockPlaced([firstPages, moreOfNow], 6, 'now', null))).toEqual([
      [6, 1, 2, 3, 4],
      [5],
    ]);
  });

  it('moves a block to another tab, after a neighbour on a later page', () => {
    const placed = withBlockPlaced([firstPages, moreOfNow], 2, 'now', 5);
    expect(ids(placed)).toEqual([
      [1, 3, 4],
      [5, 2, 6],
    ]);
    expect(placed[1]?.[1]).toEqual(block(2, 'now'));
  });

  it('leaves the lists alone for a block they do not hold', () => {
    const lists = [firstPages, moreOfNow];
    expect(withBlockPlaced(lists, 9, 'now', null)).toBe(lists);
  });
});
