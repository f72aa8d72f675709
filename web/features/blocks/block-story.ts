import type { PublicBlock } from '../../../schema/blocks';
import { monthOf, timeAgo } from '../../lib/relative-time';

/**
 * What a card says of the block's story, as words before and a time: "Started" "3 weeks ago",
 * "Finished in" "March", "Planned since" "May", "Added" "today" for a link. Null when the block has no time to tell.
 */
export function storyLine(
  block: Pick<PublicBlock, 'status' | 'statusSince' | 'category'>,
  now: number,
): { lead: string; when: string } | null {
  const at = block.statusSince;
  if (at === null) return null;
  // A link (GitHub, a website, an email address) is added, never started or finished.
  if (block.category === 'digital') return { lead: 'Added', when: timeAgo(at, now) };
  if (block.status === 'now') return { lead: 'Started', when: timeAgo(at, now) };
  if (block.status === 'done') return { lead: 'Finished in', when: monthOf(at, now) };
  return { lead: 'Planned since', when: monthOf(at, now) };
}
