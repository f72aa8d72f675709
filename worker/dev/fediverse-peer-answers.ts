// What the fediverse peer (fediverse-peer.ts) answers a board's stories with, as Mastodon does:
// a Like, an Announce (a boost), a reply (a Create of a Note in reply to the story), the Undo of a
// like or boost, and the Delete of a reply. Each goes to the board's shared inbox, signed.
import { randomUUID } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import {
  Announce,
  Create,
  Delete,
  Like,
  Note,
  type Person,
  PUBLIC_COLLECTION,
  Undo,
} from '@fedify/fedify/vocab';

/** What a test asks of the peer, beside the board (`actor`) and the peer's account (`as`). */
export type AnswerRequest = {
  story?: string;
  content?: string;
  activity?: string;
  note?: string;
};

/** Sends `activity`, and says whether the board's server took it (and if not, what it said). */
async function sent(
  ctx: Context<void>,
  as: string,
  board: Person,
  activity: Like | Announce | Create | Undo | Delete,
) {
  try {
    await ctx.sendActivity({ identifier: as }, board, activity, { preferSharedInbox: true });
    return { id: activity.id?.href ?? null, taken: true, error: null };
  } catch (error) {
    return { id: activity.id?.href ?? null, taken: false, error: String(error) };
  }
}

/** Carries out `/__peer/<action>` if it is an answer to a story; undefined for other actions. */
export async function answerStory(
  ctx: Context<void>,
  action: string,
  board: Person,
  as: string,
  { story = '', content = '', activity = '', note = '' }: AnswerRequest,
) {
  const origin = ctx.origin;
  const actor = ctx.getActorUri(as);
  const id = (kind: string) => new URL(`/${kind}/${randomUUID()}`, origin);
  switch (action) {
    case 'like':
      return sent(ctx, as, board, new Like({ id: id('likes'), actor, object: new URL(story) }));
    case 'boost':
      return sent(
        ctx,
        as,
        board,
        new Announce({ id: id('boosts'), actor, object: new URL(story), to: PUBLIC_COLLECTION }),
      );
    case 'reply': {
      const noteId = id('notes');
      const reply = new Note({
        id: noteId,
        attribution: actor,
        replyTarget: new URL(story),
        content,
        url: noteId,
        to: PUBLIC_COLLECTION,
      });
      const create = new Create({ id: id('creates'), actor, object: reply, to: PUBLIC_COLLECTION });
      return { ...(await sent(ctx, as, board, create)), note: noteId.href };
    }
    case 'undo-like':
      return sent(
        ctx,
        as,
        board,
        new Undo({
          id: id('undos'),
          actor,
          object: new Like({ id: new URL(activity), actor, object: new URL(story) }),
        }),
      );
    case 'delete-note':
      return sent(ctx, as, board, new Delete({ id: id('deletes'), actor, object: new URL(note) }));
    default:
      return undefined;
  }
}
