import type { BlockStatus } from '../../schema/block-values';
import { countOf } from './plural';

type PreviewCounts = {
  blocks: { status: BlockStatus }[];
  newCount: number;
  alreadyOnBoard: number;
};

const statusLabels: Record<BlockStatus, string> = { done: 'Done', now: 'Now', planned: 'Planned' };

/** "1 Done, 2 Now": where the new blocks go. */
function byStatus(preview: PreviewCounts) {
  return (['done', 'now', 'planned'] as const)
    .map((status) => ({
      status,
      count: preview.blocks.filter((block) => block.status === status).length,
    }))
    .filter(({ count }) => count > 0)
    .map(({ status, count }) => `${count.toLocaleString('en')} ${statusLabels[status]}`)
    .join(', ');
}

/**
 * What an import or a source would do, in a line: "2 new (1 Done, 1 Now), 3 already on your board
 * (will be updated)." A work on the board is updated, never added again (one work, one block).
 * `nothingAtAll` is the line when there is neither.
 */
export function importSummary(
  preview: PreviewCounts,
  nothingAtAll = 'Nothing to add from this file.',
): string {
  const known =
    preview.alreadyOnBoard > 0
      ? `${preview.alreadyOnBoard.toLocaleString('en')} already on your board (will be updated)`
      : null;
  if (preview.newCount === 0) {
    return known ? `Nothing new: ${known}.` : nothingAtAll;
  }
  const fresh = `${preview.newCount.toLocaleString('en')} new (${byStatus(preview)})`;
  return `${[fresh, known].filter(Boolean).join(', ')}.`;
}

/** The import button's words: what pressing it does. */
export function importAction(preview: PreviewCounts | undefined): string {
  if (preview && preview.newCount > 0) {
    return `Import ${countOf(preview.newCount, { one: 'block', other: 'blocks' })}`;
  }
  if (preview && preview.alreadyOnBoard > 0) {
    return `Update ${countOf(preview.alreadyOnBoard, { one: 'block', other: 'blocks' })}`;
  }
  return 'Import';
}
