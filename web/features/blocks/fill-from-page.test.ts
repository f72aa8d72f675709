import { describe, expect, it } from 'vitest';
import { blockFormDefaults, fillFromPage } from './block-form';

const found = {
  title: 'The Left Hand of Darkness',
  description: 'A novel by Ursula K. Le Guin.',
  siteName: 'Good Books',
  author: null,
  imageUrl: '/api/images/blocks/7/00000000-0000-4000-8000-000000000000.png',
};

describe('fillFromPage', () => {
  it('fills every empty field, the site name as the subtitle', () => {
    expect(fillFromPage(blockFormDefaults, found)).toEqual({
      change: {
        title: found.title,
        subtitle: 'Good Books',
        description: found.description,
        imageUrl: found.imageUrl,
      },
      kept: [],
    });
  });

  it("fills the subtitle with the page's author before the site's name", () => {
    const { change } = fillFromPage(blockFormDefaults, { ...found, author: 'Ursula K. Le Guin' });
    expect(change.subtitle).toBe('Ursula K. Le Guin');
  });

  it('never overwrites what the person typed, and names the fields it kept', () => {
    const typed = { ...blockFormDefaults, title: 'My title', subtitle: 'Good Books' };
    const { change, kept } = fillFromPage(typed, found);
    expect(change).toEqual({ description: found.description, imageUrl: found.imageUrl });
    expect(kept).toEqual(['Title']);
  });

  it('leaves a field alone when the page says nothing for it', () => {
    const { change } = fillFromPage(blockFormDefaults, {
      title: 'Only a title',
      description: null,
      siteName: null,
      author: null,
      imageUrl: null,
    });
    expect(change).toEqual({ title: 'Only a title' });
  });
});
