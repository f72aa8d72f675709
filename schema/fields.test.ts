import { describe, expect, it } from 'vitest';
import { blockInput } from './blocks';
import { completeLink, hiddenCharactersMessage, isVisibleText } from './fields';
import { profileUpdateInput, registerInput } from './users';

describe('isVisibleText', () => {
  it.each([
    ['plain words', 'Reading Dune'],
    ['an emoji joined by zero-width joiners', 'Family time 👨‍👩‍👧'],
    ['an emoji sequence with a skin tone and a joiner', 'Coding 👩🏽‍💻'],
    ['a flag joined after a variation selector', 'Pride 🏳️‍🌈'],
    ['Persian with a zero-width non-joiner between letters', 'می‌خواهم'],
    ['Hindi with a zero-width joiner between letters', 'क्‍ष'],
    ['right-to-left text without controls', 'שלום עולם'],
  ])('keeps %s', (_label, text) => {
    expect(isVisibleText(text)).toBe(true);
  });

  it.each([
    ['a right-to-left override', 'gnp.\u202Eexe'],
    ['a left-to-right embedding', 'a\u202Ab'],
    ['a first-strong isolate', 'a\u2068b\u2069'],
    ['a zero-width space', 'Ma\u200Bya'],
    ['a zero-width joiner between Latin letters', 'Ma\u200Dya'],
    ['a zero-width non-joiner at the end', 'Maya\u200C'],
    ['a word joiner', 'Ma\u2060ya'],
    ['a byte-order mark', '\uFEFFMaya'],
    ['a NUL', 'Maya\u0000'],
    ['a line break in a one-line field', 'Maya\nSmith'],
  ])('refuses %s', (_label, text) => {
    expect(isVisibleText(text)).toBe(false);
  });

  it('takes line breaks and tabs in multi-line text, but not NUL', () => {
    expect(isVisibleText('Line one\r\nLine two\tand a tab', { multiline: true })).toBe(true);
    expect(isVisibleText('Line one\u0000', { multiline: true })).toBe(false);
  });
});

describe('the fields people read refuse hidden characters with a field message', () => {
  const overridden = 'evil\u202Etxt.exe';

  it('a display name at registration', () => {
    const result = registerInput.safeParse({
      username: 'maya',
      email: 'maya@example.com',
      password: 'a-long-passphrase',
      displayName: overridden,
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['displayName'],
        message: hiddenCharactersMessage('Display name'),
      }),
    ]);
  });

  it.each([
    ['displayName', 'Display name'],
    ['bio', 'Bio'],
    ['tagline', 'Tagline'],
  ])('the profile %s', (field, name) => {
    const result = profileUpdateInput.safeParse({ [field]: overridden });
    expect(result.error?.issues[0]).toMatchObject({
      path: [field],
      message: hiddenCharactersMessage(name),
    });
  });

  it.each([
    ['title', 'Title'],
    ['label', 'Label'],
    ['subtitle', 'Subtitle'],
    ['description', 'Description'],
  ])("a block's %s", (field, name) => {
    const result = blockInput.safeParse({
      category: 'learning',
      type: 'books-reading',
      title: 'Dune',
      [field]: `Dune\u200B`,
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: [field],
      message: hiddenCharactersMessage(name),
    });
  });

  it('a bio keeps its line breaks', () => {
    expect(profileUpdateInput.safeParse({ bio: 'Reader.\nRunner.' }).success).toBe(true);
  });
});

describe('an external link typed without https://', () => {
  it.each([
    ['github.com/ada', 'https://github.com/ada'],
    ['www.example.org', 'https://www.example.org'],
    ['  example.com/a?b=c  ', 'https://example.com/a?b=c'],
  ])('completes %s', (typed, completed) => {
    expect(completeLink(typed)).toBe(completed);
  });

  it.each([
    ['a full link', 'http://example.com'],
    ['an email address', 'ada@example.com'],
    ['another scheme', 'javascript:alert(1)'],
    ['a word', 'hello'],
    ['text with spaces', 'my site.com'],
  ])('leaves %s as it was', (_label, typed) => {
    expect(completeLink(typed)).toBe(typed);
  });

  it('is saved completed rather than refused', () => {
    const parsed = blockInput.safeParse({
      category: 'digital',
      type: 'github',
      title: 'My code',
      externalUrl: 'github.com/ada',
    });
    expect(parsed.success && parsed.data.externalUrl).toBe('https://github.com/ada');
  });
});
