export const avatarStyles = ['avataaars', 'lorelei', 'micah'] as const;
type AvatarStyle = (typeof avatarStyles)[number];

export type PresetAvatar = { style: AvatarStyle; seed: string; url: string };

function diceBearUrl(style: AvatarStyle, seed: string): string {
  return `https://api.dicebear.com/9.x/${style}/svg?seed=${encodeURIComponent(seed)}`;
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
