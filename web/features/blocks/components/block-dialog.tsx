import type { BlockStatus } from '../../../../schema/blocks';
import type { Block } from '../api/get-own-blocks';

export type BlockDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The block to edit; null or undefined creates a new one. */
  block?: Block | null;
  /** Status a new block starts in (the tab whose "Create Block" tile was used). */
  initialStatus?: BlockStatus;
};

/** "Create Activity Block" / "Edit Activity Block". */
export function BlockDialog(_props: BlockDialogProps) {
  return null;
}
