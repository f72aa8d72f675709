import { type PresetAvatarStyle, presetAvatarStyles } from '../../../schema/fields';

export const avatarStyles = presetAvatarStyles;
type AvatarStyle = PresetAvatarStyle;

export type PresetAvatar = { style: AvatarStyle; seed: string; url: string };

/** A DiceBear avatar drawn by our own Worker: no avatar is fetched from another host. */
function diceBearUrl(style: AvatarStyle, seed: string): string {
  return `/api/avatars/${style}/${encodeURIComponent(seed)}.svg`;
}

const presetSeeds: Record<AvatarStyle, string[]> = {
  avataaars: ['Felix', 'Aneka', 'Milo', 'Luna', 'Jasper', 'Nova'],
  lorelei: ['Willow', 'Oscar', 'Iris', 'Theo', 'Hazel'],
  micah: ['Sage', 'Kai', 'Ruby', 'Finn', 'Zara'],
};

/** The 16 avatars the profile dialog offers, in three styles. */
export const presetAvatars: PresetAvatar[] = avatarStyles.flatMap((style) =>
  presetSeeds[style].map((seed) => ({ style, seed, url: diceBearUrl(style, seed) })),
);

/** The picture of someone who chose none: generated from their username. */
export function generatedAvatarUrl(username: string): string {
  return diceBearUrl('avataaars', username);
}
