import { describe, expect, it } from 'vitest';
import { avatarStyles, generatedAvatarUrl, presetAvatars } from './avatars';

describe('presetAvatars', () => {
  it('offers 16 avatars', () => {
    expect(presetAvatars).toHaveLength(16);
  });

  it('uses each of the three styles', () => {
    expect(new Set(presetAvatars.map((avatar) => avatar.style))).toEqual(new Set(avatarStyles));
  });

  it('gives every avatar its own address on our own origin', () => {
    const urls = presetAvatars.map((avatar) => avatar.url);
    expect(new Set(urls).size).toBe(16);
    expect(urls[0]).toBe('/api/avatars/avataaars/Felix.svg');
  });
});

describe('generatedAvatarUrl', () => {
  it('seeds the generated avatar with the username', () => {
    expect(generatedAvatarUrl('maya')).toBe('/api/avatars/avataaars/maya.svg');
  });
});
