import { maxAvatarBytes } from '../../schema/images';

/** Why a chosen file cannot be uploaded as an avatar or a block's image, or null when it can be uploaded. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file.';
  if (file.size > maxAvatarBytes) return 'The image is too large: the limit is 2 MB.';
  return null;
}
