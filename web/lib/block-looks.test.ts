import { describe, expect, it } from 'vitest';
import { categories } from '../../schema/categories';
import { blockLook, blockLookSeeds, catalogueIcon, defaultBlockIcon } from './block-looks';

describe('blockLook', () => {
  it('uses the icon named in the block’s emoji field first', () => {
    expect(blockLook({ emoji: 'Heart', type: 'books-reading' }).icon.name).toBe('heart');
  });

  it('falls back to the icon of the block’s type when the emoji field is empty', () => {
    expect(blockLook({ emoji: null, type: 'books-reading' }).icon.name).toBe('book-open');
  });

  it('falls back to the type’s icon when the emoji field names no known icon', () => {
    expect(blockLook({ emoji: '📚', type: 'books-reading' }).icon.name).toBe('book-open');
    expect(blockLook({ emoji: 'constructor', type: 'books-reading' }).icon.name).toBe('book-open');
  });

  it('gives the default icon and no label when neither the emoji nor the type is known', () => {
    expect(blockLook({ emoji: 'NoSuchIcon', type: 'no-such-type' })).toEqual({
      typeLabel: null,
      icon: defaultBlockIcon,
    });
  });

  it('does not hand out icons the catalogue never uses', () => {
    expect(blockLook({ emoji: 'Anchor', type: 'no-such-type' }).icon).toBe(defaultBlockIcon);
  });

  it('labels a block with its type’s name from the catalogue', () => {
    expect(blockLook({ emoji: null, type: 'books-reading' }).typeLabel).toBe('Books & Reading');
  });

  it('draws the catalogue’s aliased icons from their shapes (Music is eighth notes)', () => {
    expect(blockLook({ emoji: 'Music', type: 'no-such-type' }).icon.node.length).toBeGreaterThan(0);
  });
});

describe('blockLookSeeds', () => {
  it('sends one look per distinct type and icon, keyed as the page’s queries ask for it', () => {
    const seeds = blockLookSeeds([
      { type: 'books-reading', emoji: null },
      { type: 'books-reading', emoji: null },
      { type: 'books-reading', emoji: 'Heart' },
    ]);
    expect(seeds.map((seed) => seed.queryKey)).toEqual([
      ['block-look', 'books-reading', null],
      ['block-look', 'books-reading', 'Heart'],
    ]);
    expect(seeds[1]?.data.icon.name).toBe('heart');
  });
});

describe('catalogueIcon', () => {
  it('draws every category with an icon of its own, as SVG shapes rather than an emoji', () => {
    for (const category of categories) {
      expect(catalogueIcon(category.icon), category.key).not.toBe(defaultBlockIcon);
    }
    expect(new Set(categories.map((category) => category.icon)).size).toBe(categories.length);
  });
});
