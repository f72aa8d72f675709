import { eq } from 'drizzle-orm';
import { ownImagePath, ownImagePathPrefix } from '../../../schema/fields';
import type { ReportSnapshot } from '../../../schema/moderation';
import { reports } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

/** The images a report keeps: the reported block's, or the reported board's avatar. */
export type ReportedImage = 'block' | 'avatar';

/** Under the reported board, so deleting the account lists its reports' copies by one prefix. */
const copyKeyOf = (boardId: number, reportId: number, image: ReportedImage) =>
  `reports/${boardId}/${reportId}/${image}`;

const copyUrlOf = (reportId: number, image: ReportedImage) =>
  `/api/admin/reports/${reportId}/images/${image}`;

/**
 * Copies an image uploaded or generated here to the report's key (an address elsewhere is never
 * fetched); false when it is not ours or already gone.
 */
async function copyOwnImage(env: Env, url: string | null, copyKey: string): Promise<boolean> {
  const ours = url && ownImagePath.test(url);
  const original = ours ? await env.IMAGES.get(url.slice(ownImagePathPrefix.length)) : null;
  if (!original) return false;
  await env.IMAGES.put(copyKey, original.body, { httpMetadata: original.httpMetadata });
  return true;
}

/**
 * Keeps a copy of what the report shows as an image (the block's, or the board's avatar when the
 * report names no block), and points its snapshot to that copy: the owner replacing or deleting
 * the original, or their block, no longer erases the evidence.
 */
export async function keepReportedImage(
  db: Db,
  env: Env,
  report: { id: number; boardId: number },
  snapshot: ReportSnapshot,
): Promise<void> {
  const { block, board } = snapshot;
  const image: ReportedImage = block ? 'block' : 'avatar';
  const copied = await copyOwnImage(
    env,
    block ? block.imageUrl : board.avatar,
    copyKeyOf(report.boardId, report.id, image),
  );
  if (!copied) return;
  const kept: ReportSnapshot = block
    ? { board, block: { ...block, imageUrl: copyUrlOf(report.id, image) } }
    : { board: { ...board, avatar: copyUrlOf(report.id, image) }, block };
  await db
    .update(reports)
    .set({ snapshot: JSON.stringify(kept) })
    .where(eq(reports.id, report.id));
}

/** The copy a report kept of its image, for the moderators; 404 when it kept none. */
export async function reportedImage(
  db: Db,
  env: Env,
  reportId: number,
  image: ReportedImage,
): Promise<R2ObjectBody> {
  const report = await db
    .select({ boardId: reports.boardId })
    .from(reports)
    .where(eq(reports.id, reportId))
    .get();
  const copy = report ? await env.IMAGES.get(copyKeyOf(report.boardId, reportId, image)) : null;
  if (!copy) throw new Refusal('not-found', 'This report kept no such image.');
  return copy;
}
