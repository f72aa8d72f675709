import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { feedbackInput, feedbackUpdateInput } from '../../schema/feedback';
import { feedback } from '../../schema/tables';
import type { Db } from './db';
import { Refusal } from './errors';

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

export function listFeedback(db: Db) {
  return db.select().from(feedback).orderBy(desc(feedback.createdAt), desc(feedback.id));
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
