import { describe, expect, it } from 'vitest';
import type { BlockStatus } from '../../../schema/block-values';
import { withTabOrder } from './block-order';

const block = (id: number, status: BlockStatus) => ({ id, status });
const board = [
  block(1, 'now'),
  block(2, 'planned'),
  block(3, 'now'),
  block(4, 'done'),
  block(5, 'now'),
];

describe('withTabOrder', () => {
  it("puts one tab's blocks in the given order in the places that tab held", () => {
    expect(withTabOrder(board, 'now', [5, 1, 3]).map((b) => b.id)).toEqual([5, 2, 1, 4, 3]);
  });

  it('leaves the other tabs alone, and the list unchanged for the order it already has', () => {
    expect(withTabOrder(board, 'now', [1, 3, 5])).toEqual(board);
    expect(withTabOrder(board, 'planned', [2])).toEqual(board);
  });

  it('ignores ids of another tab or of no block', () => {
    expect(withTabOrder(board, 'now', [2, 3, 99, 1, 5]).map((b) => b.id)).toEqual([3, 2, 1, 4, 5]);
  });
});
