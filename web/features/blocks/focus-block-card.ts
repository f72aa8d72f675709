import type { BlockStatus } from '../../../schema/block-values';

/**
 * Focuses the edit button of the `index`-th card in a status tab of the board inside `root`,
 * first showing that tab (and every category, if a filter hides the card). The board's tabs and
 * filter are plain radios styled by :checked, so checking one is all it takes to show it.
 */
export function focusBlockCard(root: HTMLElement, status: BlockStatus, index: number): boolean {
  const tab = root.querySelector<HTMLInputElement>(`[data-status-choice="${status}"]`);
  if (tab) tab.checked = true;
  const cell = root.querySelectorAll<HTMLElement>(`[data-panel="${status}"] > ul > li`)[index];
  if (!cell) return false;
  if (getComputedStyle(cell).display === 'none') {
    const all = root.querySelector<HTMLInputElement>('[data-category-choice="all"]');
    if (all) all.checked = true;
  }
  const edit = cell.querySelector<HTMLElement>('[data-edit-block]');
  edit?.focus();
  return Boolean(edit);
}
