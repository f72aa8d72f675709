import type { BlockStoryKind } from './block-values';

/** What another server's account can answer a story with: a like, a boost, a reply. */
export const fediverseInteractionKinds = ['like', 'boost', 'reply'] as const;
export type FediverseInteractionKind = (typeof fediverseInteractionKinds)[number];

/** Whom an owner blocks from their board: one account, or every account of a server. */
export const fediverseBlockKinds = ['account', 'server'] as const;
export type FediverseBlockKind = (typeof fediverseBlockKinds)[number];

const ownStoryVerbs: Record<BlockStoryKind, string> = {
  added: 'Added',
  started: 'Started',
  finished: 'Finished',
  planned: 'Planning',
  reached: 'Reached a goal by finishing',
};

/** A story as its owner posted it, the first line of its Note: "Finished Piranesi". */
export function ownStoryHeadline(kind: BlockStoryKind, title: string): string {
  return `${ownStoryVerbs[kind]} ${title}`;
}
