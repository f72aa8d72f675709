import { z } from 'zod';
import { fediverseBlockKinds, fediverseInteractionKinds } from './fediverse-interaction-values';
// Imported for its one-time zod configuration (jitless), like every schema module.
import { idParam } from './fields';

/** How many likes, boosts and replies one page of `GET /api/fediverse/interactions` holds. */
export const interactionPageSize = 50;

/** `GET /api/fediverse/interactions`: the page after the one whose `nextBefore` this is. */
export const interactionsQuery = z.strictObject({
  before: z.coerce
    .number({ error: 'before must be the nextBefore of an earlier answer.' })
    .int('before must be the nextBefore of an earlier answer.')
    .positive('before must be the nextBefore of an earlier answer.')
    .optional(),
});

/**
 * `GET /api/fediverse/interactions`: likes, boosts and replies the owner's stories got from other
 * servers, newest first, with the account as its server names it (`@name@server`, its name, its
 * picture copied here) and the story answered ("Finished Piranesi"). A reply's `contentHtml` holds
 * paragraphs, line breaks and links only (sanitised before it was stored); `url` is where it is
 * read on its own server. `nextBefore` asks for the next page; null on the last.
 */
export const fediverseInteractionsAnswer = z.object({
  interactions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(fediverseInteractionKinds),
      handle: z.string(),
      name: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      contentHtml: z.string().nullable(),
      url: z.string().nullable(),
      hidden: z.boolean(),
      at: z.number().int(),
      story: z.object({ id: z.number().int(), headline: z.string() }),
    }),
  ),
  nextBefore: z.number().int().nullable(),
});

/** `PUT /api/fediverse/interactions/{id}/hidden`: one reply to the owner's stories. */
export const fediverseInteractionParam = idParam('Reply not found.');
export const replyHiddenInput = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
});
export const replyHiddenAnswer = z.object({ hidden: z.boolean() });

/**
 * `POST /api/fediverse/blocked`: block, from the owner's board, the account that made one like,
 * boost or reply (`account`), or every account of its server (`server`).
 */
export const blockInput = z.strictObject({
  interactionId: z
    .number({ error: 'interactionId must be the id of a like, boost or reply.' })
    .int('interactionId must be the id of a like, boost or reply.')
    .positive('interactionId must be the id of a like, boost or reply.'),
  kind: z.enum(fediverseBlockKinds, { error: 'kind must be account or server.' }),
});

/** The block is in place: how many follows it removed (their servers are sent a Reject). */
export const blockAnswer = z.object({ followsRemoved: z.number().int() });

/** `GET /api/fediverse/blocked`: the accounts (`@name@server`) and servers the owner blocked. */
export const blockedAnswer = z.object({
  blocked: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(fediverseBlockKinds),
      label: z.string(),
      at: z.number().int(),
    }),
  ),
});

/** `DELETE /api/fediverse/blocked/{id}`: one block of the owner's. */
export const blockedParam = idParam('Block not found.');
export const unblockedAnswer = z.object({ unblocked: z.literal(true) });
