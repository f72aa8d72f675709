// The 7 categories every block type belongs to: the board's filter and the catalogue's grouping.
// Each is drawn with a catalogue icon (web/lib/block-looks.ts), as SVG: emoji are missing from
// some systems' fonts and showed as empty boxes.

export const categories = [
  {
    key: 'learning',
    label: 'Learning',
    icon: 'GraduationCap',
    description: 'What you are studying, reading and practising.',
    color: 'blue',
  },
  {
    key: 'lifestyle',
    label: 'Lifestyle',
    icon: 'Leaf',
    description: 'Health, habits, hobbies and how you spend your days.',
    color: 'emerald',
  },
  {
    key: 'work',
    label: 'Work',
    icon: 'Briefcase',
    description: 'Projects, goals and the tools you work with.',
    color: 'amber',
  },
  {
    key: 'creative',
    label: 'Creative',
    icon: 'Palette',
    description: 'The things you make, play, shoot and perform.',
    color: 'rose',
  },
  {
    key: 'social',
    label: 'Social',
    icon: 'Users',
    description: 'The people, groups and events in your life.',
    color: 'violet',
  },
  {
    key: 'building',
    label: 'Building',
    icon: 'Rocket',
    description: 'Software, hardware and side projects you are building.',
    color: 'orange',
  },
  {
    key: 'digital',
    label: 'Digital & Links',
    icon: 'Link',
    description: 'Where people can find, follow and reach you online.',
    color: 'sky',
  },
] as const;
export type Category = (typeof categories)[number];
export type CategoryKey = Category['key'];
/** A category's hue (a Tailwind colour); gray for a key that names no category. */
export function categoryHue(key: string): Category['color'] | 'gray' {
  return categories.find((category) => category.key === key)?.color ?? 'gray';
}

export const categoryKeys = categories.map((c) => c.key) as [CategoryKey, ...CategoryKey[]];
