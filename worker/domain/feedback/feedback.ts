import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FeedbackListFilters,
  feedbackInput,
  feedbackUpdateInput,
} from '../../../schema/feedback';
import { feedback, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

type FeedbackRow = typeof feedback.$inferSelect;

export function toFeedbackItem(row: FeedbackRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function submitFeedback(
  db: Db,
  { userId: _ignored, ...input }: z.infer<typeof feedbackInput>,
  userId: number | null,
) {
  const [created] = await db
    .insert(feedback)
    .values({ ...input, email: input.email ?? null, userId })
    .returning();
  return created as FeedbackRow;
}

/** Newest first, each with its author's username (null for a signed-out author). */
export async function listFeedback(db: Db, filters: FeedbackListFilters = {}) {
  const rows = await db
    .select({ item: feedback, username: users.username })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(
      and(
        filters.status ? eq(feedback.status, filters.status) : undefined,
        filters.type ? eq(feedback.type, filters.type) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
  return rows.map(({ item, username }) => ({ ...toFeedbackItem(item), username }));
}

export async function updateFeedback(
  db: Db,
  id: number,
  input: z.infer<typeof feedbackUpdateInput>,
) {
  const [updated] = await db.update(feedback).set(input).where(eq(feedback.id, id)).returning();
  if (!updated) throw new Refusal('not-found', 'This feedback does not exist.');
  return updated;
}
