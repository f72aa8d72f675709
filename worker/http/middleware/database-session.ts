import { createMiddleware } from 'hono/factory';
import { bookmarkHeader } from '../../../schema/read-your-writes';
import { getSessionDb, isBookmark } from '../../platform/db';
import type { AppEnv } from '../app-env';

function sessionStart(method: string, bookmark: string | undefined) {
  if (isBookmark(bookmark)) return bookmark;
  // A reader with no write of their own behind them is served by the nearest copy; a write with
  // no bookmark starts at the primary, so what it checks before writing is current.
  return method === 'GET' || method === 'HEAD' ? 'first-unconstrained' : 'first-primary';
}

/**
 * One D1 session per request (`c.var.db`), and the position its statements reached
 * (`c.var.reachedBookmark`). The bookmark goes back to whoever can use it: the sender of a write,
 * or of a bookmark. Anonymous reads (boards, feeds, Discover) neither send nor get one, so their
 * answers stay the same for everybody and can be cached.
 */
export const databaseSession = createMiddleware<AppEnv>(async (c, next) => {
  const carried = c.req.header(bookmarkHeader);
  const session = c.env.DB.withSession(sessionStart(c.req.method, carried));
  c.set('db', getSessionDb(session, c.env));
  c.set('reachedBookmark', () => session.getBookmark());
  await next();
  const reached = session.getBookmark();
  const isWrite = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  if (reached && (isWrite || carried)) c.header(bookmarkHeader, reached);
});
