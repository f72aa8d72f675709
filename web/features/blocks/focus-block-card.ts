import type { BlockStatus } from '../../../schema/block-values';

/**
 * Focuses the edit button of a block's card in the board inside `root`, first showing its status
 * tab (and every category, if a filter hides the card). The board's tabs and filter are plain
 * radios styled by :checked, so checking one is all it takes to show it. False while the board
 * does not show the block yet.
 */
export function focusBlockCard(
  root: HTMLElement,
  block: { id: number; status: BlockStatus },
): boolean {
  const cell = root.querySelector<HTMLElement>(`[data-block-id="${block.id}"]`);
  if (!cell) return false;
  const tab = root.querySelector<HTMLInputElement>(`[data-status-choice="${block.status}"]`);
  if (tab) tab.checked = true;
  if (getComputedStyle(cell).display === 'none') {
    const all = root.querySelector<HTMLInputElement>('[data-category-choice="all"]');
    if (all) all.checked = true;
  }
  const edit = cell.querySelector<HTMLElement>('[data-edit-block]');
  edit?.focus();
  return Boolean(edit);
}
