import { Hono } from 'hono';
import { findStory } from '../../../domain/boards/public-story';
import { readerStylesheet } from '../../../render/app-shell';
import { usernameFromBoardPath } from '../../../render/board-meta';
import { renderStoryPage } from '../../../render/story-page';
import type { AppEnv } from '../../app-env';
import { handleNotFound } from '../../middleware/errors';
import { appPageSecurityHeaders } from '../../middleware/security-headers';
import { answerFromFediverse, asksForActivityJson } from '../protocol/fediverse-endpoints';

/**
 * `/@alice/stories/12`: one story of a board, the address of its fediverse Note. Asked for
 * ActivityPub JSON it answers the Note, else a page showing the story with a link to the board.
 * A story of a hidden block or a private board is not found; one whose block or account was
 * deleted is gone (410), so other servers drop their copy.
 */
export const storyPage = new Hono<AppEnv>().get(
  '/:handle/stories/:id{[0-9]{1,15}}',
  appPageSecurityHeaders,
  async (c) => {
    const handle = c.req.param('handle');
    const username = handle.startsWith('@') ? usernameFromBoardPath(`/${handle}`) : undefined;
    if (!username) return handleNotFound(c);
    const eventId = Number(c.req.param('id'));
    const story = await findStory(c.var.db, username, eventId);
    if (story.found === 'gone') return c.json({ error: 'This story was deleted.' }, 410);
    if (story.found === 'none') return handleNotFound(c);
    const board = new URL(`/@${username}`, c.req.url);
    const address = new URL(`/@${username}/stories/${eventId}`, c.req.url);
    if (asksForActivityJson(c.req.header('accept'))) {
      return answerFromFediverse(c, new Request(address, c.req.raw));
    }
    const stylesheet = await readerStylesheet(c.env, c.req.url);
    const { owner, event } = story;
    return c.html(renderStoryPage({ owner, event, address, board, stylesheet }));
  },
);
