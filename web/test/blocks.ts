import type { PublicBlock } from '../../schema/blocks';
import type { Block } from '../features/blocks/api/get-own-blocks';

/** Dune, read at 40% in Now: a block as a board shows it, with `change` applied. */
export function aPublicBlock(change: Partial<PublicBlock> = {}): PublicBlock {
  return {
    id: 7,
    type: 'books-reading',
    category: 'learning',
    emoji: 'BookOpen',
    label: null,
    title: 'Dune',
    subtitle: null,
    description: null,
    imageUrl: null,
    imageAspectRatio: 'auto',
    imagePosition: 'center',
    externalUrl: null,
    status: 'now',
    progress: 40,
    progressEnabled: true,
    statusSince: null,
    rating: null,
    review: null,
    isWide: false,
    linksOwnProfile: false,
    linkReported: false,
    ...change,
  };
}

/** The same block as its owner's dashboard has it: shown, never copied or clicked yet. */
export function anOwnBlock(change: Partial<Block> = {}): Block {
  return {
    ...aPublicBlock(),
    isVisible: true,
    copyCount: 0,
    clickCount: 0,
    ...change,
  };
}
