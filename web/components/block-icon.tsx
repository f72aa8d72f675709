import type { BlockLookKey } from '../lib/block-look-key';
import { useBlockLook } from '../lib/use-block-look';
import { cn } from '../lib/utils';
import { SpriteIcon } from './icon-sprite';

/** A block's icon; until its shape has loaded, an empty box of the same size. */
export function BlockIcon({ block, className }: { block: BlockLookKey; className?: string }) {
  const look = useBlockLook(block);
  if (!look) return <span aria-hidden className={cn('inline-block', className)} />;
  return <SpriteIcon icon={look.icon} className={className} />;
}
