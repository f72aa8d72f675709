import { describe, expect, it } from 'vitest';
import { importAction, importSummary } from './import-summary';

const blocks = (...statuses: ('done' | 'now' | 'planned')[]) =>
  statuses.map((status) => ({ status }));

describe('importSummary', () => {
  it('says how many are new and how many are on the board already and will be updated', () => {
    const preview = { blocks: blocks('done', 'now'), newCount: 2, alreadyOnBoard: 3 };
    expect(importSummary(preview)).toBe(
      '2 new (1 Done, 1 Now), 3 already on your board (will be updated).',
    );
    expect(importAction(preview)).toBe('Import 2 blocks');
  });

  it('says only what is new when nothing is on the board yet', () => {
    const preview = { blocks: blocks('planned'), newCount: 1, alreadyOnBoard: 0 };
    expect(importSummary(preview)).toBe('1 new (1 Planned).');
    expect(importAction(preview)).toBe('Import 1 block');
  });

  it("says the caller's line when there is nothing, new or known", () => {
    const preview = { blocks: [], newCount: 0, alreadyOnBoard: 0 };
    expect(importSummary(preview)).toBe('Nothing to add from this file.');
    expect(importSummary(preview, 'Nothing new to add yet.')).toBe('Nothing new to add yet.');
  });

  it('offers to update when everything is on the board already', () => {
    const preview = { blocks: [], newCount: 0, alreadyOnBoard: 4 };
    expect(importSummary(preview)).toBe('Nothing new: 4 already on your board (will be updated).');
    expect(importAction(preview)).toBe('Update 4 blocks');
  });
});
