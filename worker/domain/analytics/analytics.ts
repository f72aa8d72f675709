import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { blocks } from '../../../schema/tables';
import { getDb } from '../../platform/db';
import { countFollowers } from '../follows/follows';
import { readInsights } from './insights';
import { readViews } from './views';

const popularBlockCount = 5;

/**
 * Views and where they came from straight from D1's daily rows, as of the last flush (only the
 * owner reads them: decision 0043); copies and clicks from the blocks, so they are current.
 */
export async function getAnalytics(env: Env, userId: number) {
  const db = getDb(env);
  const [views, [totals], popularBlocks, followers, insights] = await Promise.all([
    readViews(db, userId),
    db
      .select({
        totalCopies: sql<number>`coalesce(sum(${blocks.copyCount}), 0)`,
        totalClicks: sql<number>`coalesce(sum(${blocks.clickCount}), 0)`,
      })
      .from(blocks)
      .where(eq(blocks.userId, userId)),
    db
      .select({ id: blocks.id, title: blocks.title, copies: blocks.copyCount })
      .from(blocks)
      .where(and(eq(blocks.userId, userId), gt(blocks.copyCount, 0)))
      .orderBy(desc(blocks.copyCount), desc(blocks.id))
      .limit(popularBlockCount),
    countFollowers(db, userId),
    readInsights(db, userId),
  ]);
  return {
    ...views,
    totalCopies: totals?.totalCopies ?? 0,
    totalClicks: totals?.totalClicks ?? 0,
    popularBlocks,
    followers,
    insights,
  };
}
