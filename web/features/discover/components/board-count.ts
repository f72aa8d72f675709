/**
 * "1 board", "2 boards", "1,204 boards": the count above the discover grid; "5,000+ boards" when
 * the count is a floor (a search that stopped counting).
 */
export function boardCountLabel(count: number, isFloor = false): string {
  const shown = `${count.toLocaleString('en')}${isFloor ? '+' : ''}`;
  return `${shown} ${count === 1 && !isFloor ? 'board' : 'boards'}`;
}
