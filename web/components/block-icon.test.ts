import { AnchorIcon, BookOpenIcon, HeartIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { blockIcon, defaultBlockIcon } from './block-icon';

describe('blockIcon', () => {
  it('uses the icon named in the block’s emoji field first', () => {
    expect(blockIcon({ emoji: 'Heart', type: 'books-reading' })).toBe(HeartIcon);
  });

  it('falls back to the icon of the block’s type when the emoji field is empty', () => {
    expect(blockIcon({ emoji: null, type: 'books-reading' })).toBe(BookOpenIcon);
  });

  it('falls back to the type’s icon when the emoji field names no known icon', () => {
    expect(blockIcon({ emoji: '📚', type: 'books-reading' })).toBe(BookOpenIcon);
    expect(blockIcon({ emoji: 'constructor', type: 'books-reading' })).toBe(BookOpenIcon);
  });

  it('gives the default icon when neither the emoji nor the type is known', () => {
    expect(blockIcon({ emoji: 'NoSuchIcon', type: 'no-such-type' })).toBe(defaultBlockIcon);
  });

  it('does not hand out icons the catalogue never uses', () => {
    expect(blockIcon({ emoji: 'Anchor', type: 'no-such-type' })).not.toBe(AnchorIcon);
  });
});
