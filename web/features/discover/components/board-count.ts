/** "1 board", "2 boards": the count above the discover grid. */
export function boardCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'board' : 'boards'}`;
}
