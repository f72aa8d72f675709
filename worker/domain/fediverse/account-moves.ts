import type { Context } from '@fedify/fedify';
import { type Actor, isActor, Move } from '@fedify/fedify/vocab';
import { fediverseAccountMoves } from '../../../schema/tables';
import { Refusal } from '../../platform/refusal';
import type { UserRow } from '../account/users';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { type AccountMoves, readAccountMoves } from './account-move-records';
import { type FediverseData, fediverse, fediverseData, freshDocumentLoader } from './federation';
import { actorAddressOf } from './remote-follow';
import type { StoryMessage } from './story-queue';

// Moving in and out (Mastodon's account migration). In: the owner names the accounts they had
// (`alsoKnownAs`), so a `Move` from one of them to the board is believed by the followers'
// servers, which then follow the board. Out: the owner names the new account, which must name the
// board among its own; every follower is sent a `Move`, and the actor shows `movedTo`.

/**
 * The account `name` names (`@name@server` by WebFinger, or an actor's address), fetched as it is
 * now by the rules of every outside fetch; refused, with the field's message, when none is found.
 */
async function findAccount(ctx: Context<FediverseData>, name: string, field: string) {
  const allowPrivate = ctx.data.env.UNFURL_PRIVATE_ADDRESSES === 'true';
  const address = /^https?:\/\//.test(name)
    ? URL.canParse(name)
      ? new URL(name)
      : undefined
    : await actorAddressOf(name, allowPrivate, field);
  const found = address
    ? await ctx
        .lookupObject(address, { documentLoader: freshDocumentLoader(ctx.data.env) })
        .catch(() => null)
    : null;
  if (!isActor(found) || !found.id) {
    const message = `No fediverse account was found at ${name}.`;
    throw new Refusal('invalid', message, { fields: { [field]: message } });
  }
  return found as Actor & { id: URL };
}

/** How people write the account: `@name@server`, or null when its server gives it no name. */
function handleOf(account: Actor & { id: URL }) {
  const name = account.preferredUsername?.toString();
  return name ? `@${name}@${account.id.host}` : null;
}

/**
 * Saves the board's former accounts and/or the account it moves to, each checked first, as a
 * change of the board's profile (its page says where it moved; its followers are sent the actor's
 * `Update`). Moving out needs the new account to name the board (409 otherwise) and queues a
 * `Move` to every follower.
 */
export async function updateAccountMoves(
  writer: BoardWriter,
  owner: UserRow,
  input: { alsoKnownAs?: string[]; movedTo?: string },
): Promise<AccountMoves> {
  const { env, db, origin } = writer;
  const ctx = fediverse(env).createContext(new URL(origin), fediverseData(env, db));
  const board = ctx.getActorUri(owner.username);
  const before = await readAccountMoves(db, owner.id);
  const alsoKnownAs = input.alsoKnownAs
    ? await Promise.all(
        input.alsoKnownAs.map(async (name, index) => {
          const account = await findAccount(ctx, name, `alsoKnownAs.${index}`);
          return account.id.href;
        }),
      )
    : before.alsoKnownAs;
  let movedTo = before.movedTo;
  let movedToHandle: string | null | undefined;
  if (input.movedTo !== undefined) {
    const account = await findAccount(ctx, input.movedTo, 'movedTo');
    if (account.id.href === board.href) {
      const message = 'The board cannot move to itself: name your new account.';
      throw new Refusal('invalid', message, { fields: { movedTo: message } });
    }
    if (!account.aliasIds.some((alias) => alias.href === board.href)) {
      const message = `${input.movedTo} does not name this board as one of its former accounts: add ${board.href} to its aliases ("Also known as") first.`;
      throw new Refusal('conflict', message, { fields: { movedTo: message } });
    }
    movedTo = account.id.href;
    movedToHandle = handleOf(account);
  }
  const movedAt = movedTo !== before.movedTo ? new Date() : undefined;
  const moved = { movedTo, ...(movedAt && { movedAt, movedToHandle }) };
  await commitChange(writer, 'profile', [
    db
      .insert(fediverseAccountMoves)
      .values({ userId: owner.id, alsoKnownAs, ...moved })
      .onConflictDoUpdate({ target: fediverseAccountMoves.userId, set: { alsoKnownAs, ...moved } }),
  ]);
  if (movedAt) {
    const message: StoryMessage = {
      up2: 'moved',
      userId: owner.id,
      movedAt: movedAt.getTime(),
      origin,
      after: '',
    };
    await env.FEDIVERSE_QUEUE.send(message, { contentType: 'json' });
  }
  return { alsoKnownAs, movedTo };
}

/** The board's `Move` to its new account, for its followers; none if it has not moved. */
export function moveOf(movedAt: number) {
  return async (ctx: Context<FediverseData>, owner: UserRow) => {
    const { movedTo } = await readAccountMoves(ctx.data.db, owner.id);
    if (!movedTo) return undefined;
    const actor = ctx.getActorUri(owner.username);
    return new Move({
      id: new URL(`#move-${movedAt}`, actor),
      actor,
      object: actor,
      target: new URL(movedTo),
      to: ctx.getFollowersUri(owner.username),
    });
  };
}
