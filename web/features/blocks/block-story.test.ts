import { describe, expect, it } from 'vitest';
import { storyLine } from './block-story';

const now = Date.UTC(2026, 10, 24, 12);
const threeWeeksAgo = now - 21 * 24 * 60 * 60 * 1000;

const said = (line: ReturnType<typeof storyLine>) => line && `${line.lead} ${line.when}`;

describe("a card's story line", () => {
  it('says how long ago a block in Now was started', () => {
    expect(
      said(storyLine({ category: 'learning', status: 'now', statusSince: threeWeeksAgo }, now)),
    ).toBe('Started 3 weeks ago');
  });

  it('names the month a Done block was finished, with its year when not this one', () => {
    expect(
      said(
        storyLine({ category: 'learning', status: 'done', statusSince: Date.UTC(2026, 2, 9) }, now),
      ),
    ).toBe('Finished in March');
    expect(
      said(
        storyLine(
          { category: 'learning', status: 'done', statusSince: Date.UTC(2025, 11, 30) },
          now,
        ),
      ),
    ).toBe('Finished in December 2025');
  });

  it('names the month a Planned block has waited since', () => {
    expect(
      said(
        storyLine(
          { category: 'learning', status: 'planned', statusSince: Date.UTC(2026, 4, 2) },
          now,
        ),
      ),
    ).toBe('Planned since May');
  });

  it('says a link block was added, whatever its status', () => {
    for (const status of ['now', 'planned', 'done'] as const) {
      expect(said(storyLine({ category: 'digital', status, statusSince: now - 60_000 }, now))).toBe(
        'Added today',
      );
    }
  });

  it('says nothing for a block with no time to tell', () => {
    expect(storyLine({ category: 'learning', status: 'now', statusSince: null }, now)).toBeNull();
  });
});
