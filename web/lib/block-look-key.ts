/** What a block's look depends on. */
export type BlockLookKey = { type: string; emoji: string | null };

/** Where a block's look is kept in the query cache: seeded by a rendered page, or loaded. */
export function blockLookQueryKey(block: BlockLookKey) {
  return ['block-look', block.type, block.emoji] as const;
}
