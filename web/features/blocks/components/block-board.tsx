import type { ReactNode } from 'react';
import type { BlockStatus } from '../../../../schema/blocks';
import type { Block, BoardSettings } from '../api/get-own-blocks';

export type BlockBoardProps = {
  blocks: Block[];
  board: BoardSettings;
  /** Whose board it is: names the visitor empty states ("{displayName} hasn't added…"). */
  displayName: string;
  variant: 'owner' | 'visitor';
  /** Owner only: the "Create Block" tile in Now and Planned, and the owner's empty states. */
  onCreate?: (status: BlockStatus) => void;
  /** Owner only: clicking a block opens the edit dialog. */
  onEdit?: (block: Block) => void;
  /** Visitor only: what each card offers (the copy button for a signed-in non-owner). */
  renderAction?: (block: Block) => ReactNode;
};

/** Tabs Now / Planned / Done with counts, the category filter, empty states and the grid. */
export function BlockBoard(_props: BlockBoardProps) {
  return null;
}
