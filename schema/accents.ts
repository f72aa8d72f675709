/**
 * The colours an owner may give their board. Each is a Tailwind hue drawn at `accentShade` in the
 * light scheme (mirrored to 1000 - shade in the dark one, like every colour): each keeps AA
 * contrast against the card and page in both (schema/accents.test.ts computes it).
 */
export const accentColours = [
  'violet',
  'blue',
  'teal',
  'emerald',
  'amber',
  'orange',
  'rose',
  'pink',
  'slate',
] as const;
export type AccentColour = (typeof accentColours)[number];

export const defaultAccent: AccentColour = 'violet';

/** The shade an accent is drawn at, as text and as a fill under white text. */
export const accentShade = 700;

export const accentLabels: Record<AccentColour, string> = {
  violet: 'Violet',
  blue: 'Blue',
  teal: 'Teal',
  emerald: 'Emerald',
  amber: 'Amber',
  orange: 'Orange',
  rose: 'Rose',
  pink: 'Pink',
  slate: 'Slate',
};
