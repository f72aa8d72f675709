import type { SeededBlock } from './factories';

export type Status = SeededBlock['status'];
export const statuses: Status[] = ['now', 'planned', 'done'];

/**
 * 250 blocks in board order, the tabs interleaved: 150 Done (10 of them hidden), 70 Planned,
 * 30 Now. Done and Planned run past a page; Now fits in one.
 */
export function bigBoard(): SeededBlock[] {
  return Array.from({ length: 250 }, (_, n) => {
    const slot = n % 25;
    const status: Status = slot < 15 ? 'done' : slot < 22 ? 'planned' : 'now';
    return { title: `${status} ${n}`, status, isVisible: slot !== 0 };
  });
}

/** The titles visitors see in a tab of `rows`, in board order. */
export const publicTitles = (rows: SeededBlock[], status: Status) =>
  rows.filter((row) => row.status === status && row.isVisible !== false).map((row) => row.title);
