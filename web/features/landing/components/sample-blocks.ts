import type { PublicBlock } from '../../../../schema/blocks';

type SampleBlockFields = Pick<
  PublicBlock,
  'id' | 'type' | 'category' | 'label' | 'title' | 'subtitle' | 'status' | 'progress'
> & { progressEnabled?: boolean };

/**
 * What a block of the sample board leaves as every new block starts: no image, no link. It tells
 * no story: a date on an example would be made up.
 */
function sampleBlock(fields: SampleBlockFields): PublicBlock {
  return {
    emoji: null,
    description: null,
    imageUrl: null,
    imageAspectRatio: 'auto',
    imagePosition: '50% 50%',
    externalUrl: null,
    progressEnabled: true,
    statusSince: null,
    rating: null,
    review: null,
    isWide: false,
    linksOwnProfile: false,
    linkReported: false,
    ...fields,
  };
}

/**
 * Alex's example board on the landing page, drawn by the same board and cards as every real
 * board: real types of the catalogue, in the categories the landing page names (Learning,
 * Creative, and Links).
 */
export const sampleBlocks: PublicBlock[] = [
  sampleBlock({
    id: -1,
    type: 'books-reading',
    category: 'learning',
    label: 'Book',
    title: 'Atomic Habits',
    subtitle: 'James Clear',
    status: 'now',
    progress: 60,
  }),
  sampleBlock({
    id: -2,
    type: 'languages-communication',
    category: 'learning',
    label: 'Course',
    title: 'Spanish for travellers',
    subtitle: 'Lesson 12 of 30',
    status: 'now',
    progress: 40,
  }),
  sampleBlock({
    id: -3,
    type: 'art-illustration',
    category: 'creative',
    label: 'Art',
    title: 'Watercolour sketchbook',
    subtitle: 'One page a day',
    status: 'now',
    progress: 25,
  }),
  sampleBlock({
    id: -4,
    type: 'website-portfolio',
    category: 'digital',
    label: 'Website',
    title: 'My portfolio',
    subtitle: 'alexrivera.design',
    status: 'now',
    progress: 0,
    progressEnabled: false,
  }),
  sampleBlock({
    id: -5,
    type: 'music-instruments',
    category: 'creative',
    label: 'Music',
    title: 'Learning guitar',
    subtitle: 'Fingerstyle basics',
    status: 'now',
    progress: 15,
  }),
  sampleBlock({
    id: -6,
    type: 'coding-dev',
    category: 'learning',
    label: 'Course',
    title: 'Intro to machine learning',
    subtitle: 'Starts in March',
    status: 'planned',
    progress: 0,
  }),
  sampleBlock({
    id: -7,
    type: 'photography-videography',
    category: 'creative',
    label: 'Photography',
    title: 'Photo walk in Kyoto',
    subtitle: 'Autumn trip',
    status: 'planned',
    progress: 0,
  }),
  sampleBlock({
    id: -8,
    type: 'blog-newsletter',
    category: 'digital',
    label: 'Newsletter',
    title: 'Launch a monthly newsletter',
    subtitle: 'Notes from my projects',
    status: 'planned',
    progress: 0,
    progressEnabled: false,
  }),
  sampleBlock({
    id: -9,
    type: 'books-reading',
    category: 'learning',
    label: 'Book',
    title: 'The Creative Act',
    subtitle: 'Rick Rubin',
    status: 'done',
    progress: 100,
  }),
  sampleBlock({
    id: -10,
    type: 'film-animation',
    category: 'creative',
    label: 'Film',
    title: 'Short film edit',
    subtitle: 'A two-minute travel reel',
    status: 'done',
    progress: 100,
  }),
];
