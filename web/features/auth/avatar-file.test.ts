import { describe, expect, it } from 'vitest';
import { maxAvatarBytes } from '../../../schema/images';
import { avatarFileProblem } from './avatar-file';

describe('avatarFileProblem', () => {
  it('accepts an image within the size limit', () => {
    expect(avatarFileProblem({ type: 'image/png', size: maxAvatarBytes })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(avatarFileProblem({ type: 'application/pdf', size: 1000 })).toBe(
      'Please choose an image file.',
    );
  });

  it('refuses a file whose type is unknown', () => {
    expect(avatarFileProblem({ type: '', size: 1000 })).toBe('Please choose an image file.');
  });

  it('refuses an image over 2 MB', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: maxAvatarBytes + 1 })).toBe(
      'The image is too large: the limit is 2 MB.',
    );
  });
});
