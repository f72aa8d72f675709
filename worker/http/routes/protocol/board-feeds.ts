import { type Context, Hono } from 'hono';
import { answeringOf } from '../../../platform/edge-cache';
import type { FeedFormat } from '../../../render/board-feed';
import { usernameFromBoardPath } from '../../../render/board-meta';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { feedSecurityHeaders } from '../../middleware/security-headers';

const feedTypes: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

function answerFeed(c: Context<AppEnv>, handle: string, format: FeedFormat) {
  const username = usernameFromBoardPath(`/${handle}`);
  const answering = answeringOf(c);
  return cachedBoardResponse<Response>(
    answering,
    { kind: 'feed', username, variant: format },
    async (db) => {
      // The feed writers load with an isolate's first feed, never at its start.
      const { findBoardNews, renderBoardFeed } = await import('../../../render/board-feed');
      const board = username ? await findBoardNews(db, username) : null;
      if (!board) return { response: c.text('Board not found', 404), boardId: null };
      const body = renderBoardFeed(c.env, new URL(c.req.url).origin, format, board);
      return {
        response: c.body(body, 200, { 'content-type': feedTypes[format] }),
        boardId: board.owner.id,
      };
    },
  );
}

/**
 * `/@alice/feed.xml` (Atom) and `/@alice/feed.json` (JSON Feed): the board's news for feed
 * readers, which may be other sites, cached with the board's version like its page. Unknown and
 * private boards answer 404.
 */
export const boardFeeds = new Hono<AppEnv>()
  .get('/:handle/feed.xml', feedSecurityHeaders, (c) =>
    answerFeed(c, c.req.param('handle'), 'atom'),
  )
  .get('/:handle/feed.json', feedSecurityHeaders, (c) =>
    answerFeed(c, c.req.param('handle'), 'json'),
  );
