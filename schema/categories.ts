// The 7 categories every block type belongs to: the board's filter and the catalogue's grouping.

export const categories = [
  {
    key: 'learning',
    label: 'Learning',
    emoji: '📚',
    description: 'What you are studying, reading and practising.',
    color: 'blue',
  },
  {
    key: 'lifestyle',
    label: 'Lifestyle',
    emoji: '🌿',
    description: 'Health, habits, hobbies and how you spend your days.',
    color: 'emerald',
  },
  {
    key: 'work',
    label: 'Work',
    emoji: '💼',
    description: 'Projects, goals and the tools you work with.',
    color: 'amber',
  },
  {
    key: 'creative',
    label: 'Creative',
    emoji: '🎨',
    description: 'The things you make, play, shoot and perform.',
    color: 'rose',
  },
  {
    key: 'social',
    label: 'Social',
    emoji: '🤝',
    description: 'The people, groups and events in your life.',
    color: 'violet',
  },
  {
    key: 'building',
    label: 'Building',
    emoji: '🛠️',
    description: 'Software, hardware and side projects you are building.',
    color: 'orange',
  },
  {
    key: 'digital',
    label: 'Digital & Links',
    emoji: '🔗',
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
