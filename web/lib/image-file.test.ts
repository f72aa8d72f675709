import { describe, expect, it } from 'vitest';
import { maxAvatarBytes } from '../../schema/images';
import { imageFileProblem } from './image-file';

describe('imageFileProblem', () => {
  it('accepts an image within the size limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: maxAvatarBytes })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe(
      'Please choose an image file.',
    );
  });

  it('refuses a file whose type is unknown', () => {
    expect(imageFileProblem({ type: '', size: 1000 })).toBe('Please choose an image file.');
  });

  it('refuses an image over 2 MB', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: maxAvatarBytes + 1 })).toBe(
      'The image is too large: the limit is 2 MB.',
    );
  });
});
