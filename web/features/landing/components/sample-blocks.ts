import {
  BookOpenIcon,
  CameraIcon,
  ClapperboardIcon,
  CodeIcon,
  GraduationCapIcon,
  GuitarIcon,
  LinkIcon,
  type LucideIcon,
  PaletteIcon,
  RssIcon,
} from 'lucide-react';

export type SampleStatus = 'now' | 'planned' | 'done';
export type SampleChip = 'all' | 'learning' | 'creative' | 'links';

export type SampleBlock = {
  id: number;
  status: SampleStatus;
  chip: Exclude<SampleChip, 'all'>;
  icon: LucideIcon;
  label: string;
  title: string;
  subtitle: string;
  /** null: a link, which has no progress to track. */
  progress: number | null;
  /** Tailwind gradient stops for the card's picture area (no network images on the landing). */
  tint: string;
};

export const sampleChips: { key: SampleChip; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'learning', label: 'Learning' },
  { key: 'creative', label: 'Creative' },
  { key: 'links', label: 'Links' },
];

export const sampleStatuses: { key: SampleStatus; label: string }[] = [
  { key: 'now', label: 'Now' },
  { key: 'planned', label: 'Planned' },
  { key: 'done', label: 'Done' },
];

export const sampleBlocks: SampleBlock[] = [
  {
    id: 1,
    status: 'now',
    chip: 'learning',
    icon: BookOpenIcon,
    label: 'Book',
    title: 'Atomic Habits',
    subtitle: 'James Clear',
    progress: 60,
    tint: 'from-amber-100 to-orange-200 text-orange-700',
  },
  {
    id: 2,
    status: 'now',
    chip: 'learning',
    icon: GraduationCapIcon,
    label: 'Course',
    title: 'Spanish for travellers',
    subtitle: 'Lesson 12 of 30',
    progress: 40,
    tint: 'from-sky-100 to-blue-200 text-blue-700',
  },
  {
    id: 3,
    status: 'now',
    chip: 'creative',
    icon: PaletteIcon,
    label: 'Art',
    title: 'Watercolour sketchbook',
    subtitle: 'One page a day',
    progress: 25,
    tint: 'from-rose-100 to-pink-200 text-rose-700',
  },
  {
    id: 4,
    status: 'now',
    chip: 'links',
    icon: LinkIcon,
    label: 'Website',
    title: 'My portfolio',
    subtitle: 'alexrivera.design',
    progress: null,
    tint: 'from-violet-100 to-violet-200 text-violet-700',
  },
  {
    id: 5,
    status: 'now',
    chip: 'creative',
    icon: GuitarIcon,
    label: 'Music',
    title: 'Learning guitar',
    subtitle: 'Fingerstyle basics',
    progress: 15,
    tint: 'from-emerald-100 to-teal-200 text-emerald-700',
  },
  {
    id: 6,
    status: 'planned',
    chip: 'learning',
    icon: CodeIcon,
    label: 'Course',
    title: 'Intro to machine learning',
    subtitle: 'Starts in March',
    progress: 0,
    tint: 'from-indigo-100 to-indigo-200 text-indigo-700',
  },
  {
    id: 7,
    status: 'planned',
    chip: 'creative',
    icon: CameraIcon,
    label: 'Photography',
    title: 'Photo walk in Kyoto',
    subtitle: 'Autumn trip',
    progress: 0,
    tint: 'from-red-100 to-orange-200 text-red-700',
  },
  {
    id: 8,
    status: 'planned',
    chip: 'links',
    icon: RssIcon,
    label: 'Newsletter',
    title: 'Launch a monthly newsletter',
    subtitle: 'Notes from my projects',
    progress: null,
    tint: 'from-fuchsia-100 to-purple-200 text-purple-700',
  },
  {
    id: 9,
    status: 'done',
    chip: 'learning',
    icon: BookOpenIcon,
    label: 'Book',
    title: 'The Creative Act',
    subtitle: 'Rick Rubin',
    progress: 100,
    tint: 'from-lime-100 to-green-200 text-green-700',
  },
  {
    id: 10,
    status: 'done',
    chip: 'creative',
    icon: ClapperboardIcon,
    label: 'Film',
    title: 'Short film edit',
    subtitle: 'A two-minute travel reel',
    progress: 100,
    tint: 'from-cyan-100 to-sky-200 text-sky-700',
  },
];

/** The sample blocks a chip lets through; "All" lets every one through. */
export function blocksForChip(blocks: SampleBlock[], chip: SampleChip): SampleBlock[] {
  return chip === 'all' ? blocks : blocks.filter((block) => block.chip === chip);
}
