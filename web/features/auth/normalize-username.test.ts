import { describe, expect, it } from 'vitest';
import { normalizeUsername } from './normalize-username';

describe('normalizeUsername', () => {
  it('lower-cases letters', () => {
    expect(normalizeUsername('MaYa')).toBe('maya');
  });

  it('keeps digits', () => {
    expect(normalizeUsername('leo2025')).toBe('leo2025');
  });

  it('strips spaces, punctuation, underscores and the @ sign', () => {
    expect(normalizeUsername(' @jo_hn.doe-99! ')).toBe('johndoe99');
  });

  it('strips accented and non-Latin letters rather than transliterating them', () => {
    expect(normalizeUsername('Zoë日本')).toBe('zo');
  });

  it('leaves an empty string empty', () => {
    expect(normalizeUsername('')).toBe('');
  });
});
