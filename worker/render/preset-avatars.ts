import * as avataaars from '@dicebear/avataaars';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as micah from '@dicebear/micah';
import type { PresetAvatarStyle } from '../../schema/fields';

/** Each style draws from a seed alone: no option of any one of them is used. */
const draw: Record<PresetAvatarStyle, (seed: string) => string> = {
  avataaars: (seed) => createAvatar(avataaars, { seed }).toString(),
  lorelei: (seed) => createAvatar(lorelei, { seed }).toString(),
  micah: (seed) => createAvatar(micah, { seed }).toString(),
};

/**
 * The SVG of a preset (or generated) avatar, drawn here by the same DiceBear styles the public
 * service draws, so no page tells another host who is looking. A seed always draws the same face.
 */
export function drawPresetAvatar(style: PresetAvatarStyle, seed: string): string {
  return draw[style](seed);
}
