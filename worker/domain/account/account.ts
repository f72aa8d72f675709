import { and, asc, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { ChangeEmailInput, ChangePasswordInput } from '../../../schema/account';
import { ownImagePathPrefix } from '../../../schema/fields';
import {
  blocks,
  dailyBlockClicks,
  dailyInsights,
  dailyViews,
  feedback,
  goals,
  loginFailures,
  passkeys,
  personalAccessTokens,
  quotas,
  sessions,
  sources,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { getBoardSettings } from '../boards/boards';
import { hasFediverseFollowers } from '../fediverse/story-queue';
import { scopesOf } from './access-tokens';
import type { Defer } from './email-verification';
import { hashPassword, refuseCommonPassword, verifyPassword } from './passwords';
import type { UserRow } from './users';

const wrongPassword = 'That is not your current password.';

/** Asks for the account's password before a change only its owner may make. */
async function requirePassword(env: Env, user: UserRow, password: string, field: string) {
  if (await verifyPassword(password, user.passwordHash, env.PASSWORD_PEPPER)) return;
  throw new Refusal('invalid', wrongPassword, { fields: { [field]: wrongPassword } });
}

/**
 * A new password: every other session of the account ends (whoever knew the old one is signed
 * out), this one stays.
 */
export async function changePassword(
  db: Db,
  env: Env,
  user: UserRow,
  currentSessionId: string,
  input: ChangePasswordInput,
) {
  await requirePassword(env, user, input.currentPassword, 'currentPassword');
  await refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword, env.PASSWORD_PEPPER);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId))),
  ]);
}

/**
 * A new address, once the link mailed to it is followed (email-verification.ts): the password
 * first, so a borrowed session cannot move the account.
 */
export async function changeEmail(
  db: Db,
  env: Env,
  user: UserRow,
  input: ChangeEmailInput,
  defer: Defer,
) {
  await requirePassword(env, user, input.password, 'password');
  if (input.email === user.email) return;
  const { requestEmailChange } = await import('./email-verification');
  await requestEmailChange(db, env, user, input.email, defer);
}

/** An image this app stored, as a link anyone may open; other links as they are. */
function absoluteImage(origin: string, image: string | null): string | null {
  if (!image?.startsWith(ownImagePathPrefix)) return image;
  return new URL(image, origin).href;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

function ownBlocks(db: Db, userId: number) {
  return db
    .select()
    .from(blocks)
    .where(eq(blocks.userId, userId))
    .orderBy(asc(blocks.position), asc(blocks.id));
}

/** The account's settings beside its board: goals, sources, token names, passkey names. */
async function exportSettings(db: Db, userId: number) {
  // The sources' code (feed parsers) loads with an export, not at an isolate's start.
  const { planOf } = await import('../sources/sources');
  const [goalRows, sourceRows, tokenRows, passkeyRows] = await Promise.all([
    db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.year), asc(goals.id)),
    db.select().from(sources).where(eq(sources.userId, userId)).orderBy(asc(sources.id)),
    db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId))
      .orderBy(asc(personalAccessTokens.id)),
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),
  ]);
  return {
    goals: goalRows.map((goal) => ({ ...goal, createdAt: iso(goal.createdAt) })),
    sources: sourceRows.map((source) => ({
      url: source.url,
      kind: source.kind,
      title: source.title,
      options: { ...planOf(source), startHidden: source.startHidden },
      paused: source.pausedBy !== null,
      createdAt: iso(source.createdAt),
    })),
    accessTokens: tokenRows.map((token) => ({
      name: token.name,
      scopes: scopesOf(token),
      createdAt: iso(token.createdAt),
      lastUsedAt: isoOrNull(token.lastUsedAt),
    })),
    passkeys: passkeyRows.map((passkey) => ({
      name: passkey.name,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: isoOrNull(passkey.lastUsedAt),
    })),
  };
}

const csvColumns = [
  'id',
  'title',
  'subtitle',
  'type',
  'category',
  'status',
  'progress',
  'rating',
  'review',
  'description',
  'externalUrl',
  'imageUrl',
  'isVisible',
  'statusSince',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The board's blocks as CSV, one row a block, for a spreadsheet. A cell a spreadsheet would run as
 * a formula (`=`, `+`, `-`, `@`…) is written as text.
 */
export async function exportBlocksCsv(db: Db, user: UserRow, origin: string) {
  const rows = (await ownBlocks(db, user.id)).map((block) => ({
    ...block,
    imageUrl: absoluteImage(origin, block.imageUrl),
    statusSince: block.statusSince === null ? null : iso(new Date(block.statusSince)),
    createdAt: iso(block.createdAt),
    updatedAt: iso(block.updatedAt),
  }));
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: [...csvColumns], data: rows.map((row) => csvColumns.map((column) => row[column])) },
    { escapeFormulae: true },
  );
}

/** Everything Up2 holds about the person, for them to keep (`accountExport` in schema/account.ts). */
export async function exportAccount(db: Db, user: UserRow, origin: string) {
  const [board, blockRows, submissions, days, devices, insights, blockClicks, settings] =
    await Promise.all([
      getBoardSettings(db, user.id),
      ownBlocks(db, user.id),
      db
        .select()
        .from(feedback)
        .where(eq(feedback.userId, user.id))
        .orderBy(desc(feedback.createdAt)),
      db
        .select()
        .from(dailyViews)
        .where(eq(dailyViews.boardId, user.id))
        .orderBy(asc(dailyViews.day)),
      db
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
      db
        .select({
          day: dailyInsights.day,
          kind: dailyInsights.kind,
          name: dailyInsights.name,
          views: dailyInsights.views,
        })
        .from(dailyInsights)
        .where(eq(dailyInsights.boardId, user.id))
        .orderBy(asc(dailyInsights.day), asc(dailyInsights.kind), desc(dailyInsights.views)),
      db
        .select({
          day: dailyBlockClicks.day,
          blockId: dailyBlockClicks.blockId,
          clicks: dailyBlockClicks.clicks,
        })
        .from(dailyBlockClicks)
        .where(eq(dailyBlockClicks.boardId, user.id))
        .orderBy(asc(dailyBlockClicks.day), asc(dailyBlockClicks.blockId)),
      exportSettings(db, user.id),
    ]);
  return {
    exportedAt: iso(new Date()),
    account: {
      ...user,
      avatar: absoluteImage(origin, user.avatar),
      createdAt: iso(user.createdAt),
    },
    board: { ...board, url: new URL(`/@${user.username}`, origin).href },
    blocks: blockRows.map((block) => ({
      ...block,
      imageUrl: absoluteImage(origin, block.imageUrl),
      createdAt: iso(block.createdAt),
      updatedAt: iso(block.updatedAt),
    })),
    feedback: submissions.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    dailyStats: days,
    dailyInsights: insights,
    dailyBlockClicks: blockClicks,
    sessions: devices.map((device) => ({
      createdAt: iso(device.createdAt),
      expiresAt: iso(device.expiresAt),
    })),
    ...settings,
  };
}

/** The R2 keys of the images the user stored and their cards, but those other people's blocks still show. */
async function imagesToDelete(db: Db, env: Env, user: UserRow): Promise<string[]> {
  const userId = user.id;
  const keys: string[] = [];
  const folders = [
    `avatars/${userId}/`,
    `generated/${userId}/`,
    `blocks/${userId}/`,
    `followers/${userId}/`,
    // The copies its reports kept: the reports go with the account (foreign keys cascade).
    `reports/${userId}/`,
  ];
  // Their link-preview cards too, kept by name (render/og-image.ts).
  for (const prefix of [...folders, `og/${user.username}/`]) {
    let cursor: string | undefined;
    do {
      const page = await env.IMAGES.list({ prefix, cursor });
      keys.push(...page.objects.map((object) => object.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  // A copy keeps its image: copies other people made stay theirs, whole.
  const stillShown = await db
    .selectDistinct({ imageUrl: blocks.imageUrl })
    .from(blocks)
    .where(
      and(
        ne(blocks.userId, userId),
        or(
          like(blocks.imageUrl, `${ownImagePathPrefix}generated/${userId}/%`),
          like(blocks.imageUrl, `${ownImagePathPrefix}blocks/${userId}/%`),
        ),
      ),
    );
  const kept = new Set(stillShown.map((row) => row.imageUrl?.slice(ownImagePathPrefix.length)));
  return keys.filter((key) => !kept.has(key));
}

/**
 * Before an account is deleted: its followers on other servers are sent a `Delete` of the actor.
 * Fedify is loaded only when there are any.
 */
async function tellFollowersOfDeletion(writer: BoardWriter, user: UserRow) {
  if (!(await hasFediverseFollowers(writer.db, user.id))) return;
  const { announceAccountDeletion } = await import('../fediverse/delivery');
  await announceAccountDeletion(writer.env, writer.db, user, writer.origin);
}

/** The owner deletes their account, their password first. */
export async function deleteAccount(writer: BoardWriter, user: UserRow, password: string) {
  await requirePassword(writer.env, user, password, 'password');
  await endAccount(writer, user);
}

/**
 * Ends the account: the user and everything that hangs on it in D1 (blocks, settings, sessions,
 * links, counts: foreign keys cascade), the email on their feedback, the allowances and sign-in failures kept under their name,
 * and the images they stored. Copies other people made stay theirs
 * (their origin is set to null). While the account still exists, its fediverse followers are told
 * the board is gone. Its owner's deletion and the end of a suspension kept its time both end here.
 */
export async function endAccount(writer: BoardWriter, user: UserRow) {
  const { db, env } = writer;
  await tellFollowersOfDeletion(writer, user);
  const images = await imagesToDelete(db, env, user);
  // The change is recorded while the account still exists, and names its board: every cached
  // rendition moves to a version nothing answers for (404 at once).
  await commitChange(writer, 'account', [
    db.delete(loginFailures).where(eq(loginFailures.username, user.username)),
    // Their feedback stays, anonymous: the address they gave goes, whether or not they were signed in.
    db
      .update(feedback)
      .set({ email: null })
      .where(
        or(
          eq(feedback.userId, user.id),
          sql`lower(${feedback.email}) = ${user.email.toLowerCase()}`,
        ),
      ),
    db
      .delete(quotas)
      .where(or(like(quotas.key, `%:${user.id}`), eq(quotas.key, `reset-mail:${user.email}`))),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  // After the account is gone, so a failure here leaves only unreachable leftovers, never a
  // half-deleted account.
  if (images.length === 0) return;
  await env.IMAGES.delete(images).catch((error: unknown) =>
    console.error('Account deleted; leftovers remain in R2.', error),
  );
}
