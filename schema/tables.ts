import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { accentColours, defaultAccent } from './accents';
import {
  blockStoryKinds,
  boardChangeAspects,
  goalScopes,
  notificationKinds,
  sourceKinds,
} from './block-values';
import { fediverseBlockKinds, fediverseInteractionKinds } from './fediverse-interaction-values';
import {
  domainBlockEvents,
  domainBlockKinds,
  moderationActionKinds,
  reportReasons,
} from './moderation-values';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull().unique(),
    // Stored lower-cased, so uniqueness is case-insensitive.
    email: text('email').notNull().unique(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    // True only once the address confirmed it wants updates (double opt-in).
    emailOptIn: integer('email_opt_in', { mode: 'boolean' }).notNull().default(false),
    // True once a link mailed to `email` was followed: only then do resets and updates go there.
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    // Granted and revoked by `npm run admin`, never by registering a name.
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    // Acts on reports (the moderation queue): granted by `npm run admin -- grant-moderator`.
    isModerator: integer('is_moderator', { mode: 'boolean' }).notNull().default(false),
    // Set by a moderator's suspension: the board reads as private (a trigger keeps it so) until
    // unsuspended.
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    // A moderator kept the board off Discover and trending; it stays reachable by its link.
    keptOffDiscover: integer('kept_off_discover', { mode: 'boolean' }).notNull().default(false),
    // When the account earned its place on Discover and trending (its address proven, a day
    // old): set by Discover's rollup. Until then its links carry rel="nofollow ugc".
    establishedAt: integer('established_at', { mode: 'timestamp_ms' }),
    bio: text('bio'),
    tagline: text('tagline'),
    avatar: text('avatar'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    // When the board's visible blocks last changed; null while it shows none. Kept by triggers on
    // blocks (migrations), so Discover lists boards worth visiting, freshest first, from an index.
    boardUpdatedAt: integer('board_updated_at', { mode: 'timestamp_ms' }),
    // When the board's latest story event of a visible block happened (ms); null while it shows no
    // block. Kept by triggers (migrations), so Discover pages boards by their news from an index.
    lastActivityAt: integer('last_activity_at'),
  },
  (t) => [
    // Discover's news order, of the boards it lists (`listed` in worker/domain/discover): a board
    // it does not list costs its walk nothing. The conditions are the query's own, word for word,
    // so SQLite can prove the query reads only rows the index holds.
    index('users_discover_listed')
      .on(t.lastActivityAt, t.id)
      .where(
        sql`${t.isPublic} = 1 AND ${t.establishedAt} IS NOT NULL AND ${t.keptOffDiscover} = 0 AND ${t.lastActivityAt} IS NOT NULL`,
      ),
    // The accounts the rollup may establish: proven, not yet established (a day's sign-ups at most).
    index('users_awaiting_establishment')
      .on(t.createdAt)
      .where(sql`${t.establishedAt} IS NULL AND ${t.emailVerified} = 1`),
    // The suspended accounts, oldest suspension first: the cron deletes those kept their 30 days.
    index('users_suspended').on(t.suspendedAt).where(sql`${t.suspendedAt} IS NOT NULL`),
  ],
);

/**
 * One row per signed-in device: a token names its session, and ending the session (sign out,
 * sign out everywhere, a new password) makes the token worthless at once.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

/** An emailed link that confirms "Send me updates" for the address it was sent to. */
export const updatesConfirmations = sqliteTable(
  'updates_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('updates_confirmations_user').on(t.userId)],
);

/**
 * An emailed link that proves an address: the account's own (at sign-up, or asked again), or a new
 * one it moves to once the link is followed. `wantsUpdates`: asked for updates when signing up.
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    wantsUpdates: integer('wants_updates', { mode: 'boolean' }).notNull().default(false),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user').on(t.userId)],
);

/** A WebAuthn credential (a passkey) that signs its account in. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    // The credential ID, base64url, as the browser names it.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull(),
    // JSON array of the transports the authenticator named, a hint for the browser.
    transports: text('transports').notNull().default('[]'),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);

/**
 * A WebAuthn challenge the server handed out, kept until it is answered once or expires: a
 * passkey's signature counts only over a challenge found (and deleted) here. `userId` is the
 * account adding a passkey; null for a sign-in.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires').on(t.expiresAt)],
);

/**
 * Fixed-window allowances longer than the Rate Limiting binding's 60 s (uploads an hour, reset
 * mails an hour): one row per key, counted by a single upsert.
 */
/**
 * Images stored but not yet known to be shown: an upload, a generated image or a copied cover the
 * user may never save on a block or profile. The cron deletes those still unused after a day.
 */
export const pendingImages = sqliteTable(
  'pending_images',
  {
    key: text('key').primaryKey(),
    storedAt: integer('stored_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('pending_images_stored').on(t.storedAt)],
);

/**
 * The cover of a work (a book by its title and author, a film by its Letterboxd page), found once
 * for every board: our copy of it, or null when the work has none. A board that adds the same work
 * copies ours instead of asking the outside service again.
 */
export const workCovers = sqliteTable('work_covers', {
  workKey: text('work_key').primaryKey(),
  imageUrl: text('image_url'),
  soughtAt: integer('sought_at').notNull(),
});

export const quotas = sqliteTable(
  'quotas',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('quotas_window').on(t.windowStart)],
);

/** Failed sign-ins per account name, whatever address they come from. */
export const loginFailures = sqliteTable('login_failures', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: integer('last_failure_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The names of deleted accounts, never given again (decision 0040): links, embeds and QR codes of
 * a deleted board still point at its address, and the fediverse knows it as a deleted actor.
 * Written and enforced by triggers on `users` (migration 0024).
 */
export const retiredUsernames = sqliteTable('retired_usernames', {
  username: text('username').primaryKey(),
  retiredAt: integer('retired_at', { mode: 'timestamp_ms' }).notNull(),
});

export const boardSettings = sqliteTable('board_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  globalImageRatio: text('global_image_ratio', { enum: ['square', 'wide', 'tall'] })
    .notNull()
    .default('square'),
  hideAllImages: integer('hide_all_images', { mode: 'boolean' }).notNull().default(false),
  accent: text('accent', { enum: accentColours }).notNull().default(defaultAccent),
  // The owner's IANA time zone ("Europe/Lisbon"): where their years and weeks begin. Null until
  // they set one (the dashboard offers the browser's); read as UTC meanwhile.
  timeZone: text('time_zone'),
});

export const blocks = sqliteTable(
  'blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull(),
    emoji: text('emoji'),
    label: text('label'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    imageUrl: text('image_url'),
    imageAspectRatio: text('image_aspect_ratio', { enum: ['square', 'wide', 'tall', 'auto'] })
      .notNull()
      .default('square'),
    imagePosition: text('image_position').notNull().default('center'),
    externalUrl: text('external_url'),
    status: text('status', { enum: ['now', 'planned', 'done'] })
      .notNull()
      .default('now'),
    progress: integer('progress').notNull().default(0),
    progressEnabled: integer('progress_enabled', { mode: 'boolean' }).notNull().default(true),
    isVisible: integer('is_visible', { mode: 'boolean' }).notNull().default(true),
    // The owner's rating in stars, ½ to 5 in half steps; null when unrated.
    rating: real('rating'),
    review: text('review'),
    // Featured: two columns wide on the board's grid.
    isWide: integer('is_wide', { mode: 'boolean' }).notNull().default(false),
    copyCount: integer('copy_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    // Where a copy came from; kept (as null) when the original or its owner is deleted.
    copiedFromBlockId: integer('copied_from_block_id').references(
      (): AnySQLiteColumn => blocks.id,
      {
        onDelete: 'set null',
      },
    ),
    copiedFromUserId: integer('copied_from_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    // When it entered its current status (ms), as its story's latest status event says: the card
    // reads it with the block, never the events. Null only if a write left it out.
    statusSince: integer('status_since').$defaultFn(() => Date.now()),
    // Where an imported block came from ("goodreads:<book id>", "letterboxd:<film URI>"): importing
    // the same export again finds it and adds nothing. Null for blocks made on Up2.
    importKey: text('import_key'),
    // When the cover of its work (a book's, a film's) was looked for, once; null until then, and
    // for blocks of other types. An image the owner set or removed after that is never replaced.
    coverSoughtAt: integer('cover_sought_at'),
    // The fields the owner changed by hand (bits of `handEditedFields`): an import or a source that
    // finds the block's work again never overwrites them.
    handEdited: integer('hand_edited').notNull().default(0),
    // Whether `block_works` holds the keys of the block's work as it reads now: made false by
    // every insert (the default) and by an edit of what names the work; read by an index.
    worksIndexed: integer('works_indexed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('blocks_user_position').on(t.userId, t.position),
    // One copy of a given block per board.
    uniqueIndex('blocks_user_copied_from_unique')
      .on(t.userId, t.copiedFromBlockId)
      .where(sql`${t.copiedFromBlockId} IS NOT NULL`),
    uniqueIndex('blocks_user_import_key_unique')
      .on(t.userId, t.importKey)
      .where(sql`${t.importKey} IS NOT NULL`),
    index('blocks_works_unindexed').on(t.userId).where(sql`${t.worksIndexed} = 0`),
    // A public tab's page, visible blocks of one status in board order, and the tabs' counts.
    index('blocks_public_tab').on(t.userId, t.isVisible, t.status, t.position),
    // The owner's tab, hidden blocks among it: a page in board order, and the tabs' counts.
    index('blocks_own_tab').on(t.userId, t.status, t.position),
  ],
);

/**
 * How many blocks each board holds, kept by triggers on blocks (migrations), so the limit
 * (maxBlocksPerBoard) is checked before each insert by reading one row.
 */
export const boardSizes = sqliteTable('board_sizes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  blocks: integer('blocks').notNull().default(0),
});

/**
 * The boards a bulk writer is adding blocks to, inside its batch only: Discover's index of their
 * titles is rewritten once at the batch's end instead of once a block (domain/blocks/bulk.ts).
 */
export const boardBulkWrites = sqliteTable('board_bulk_writes', {
  userId: integer('user_id').primaryKey(),
});

/**
 * What names each block's work on its board (decision 0050): its identifiers (`isbn:`,
 * `goodreads:`, `letterboxd:`, `imdb:`, `tmdb:`, `trakt:`, `key:` an import key) and one
 * `title:<type>:<normalised title>` whose `qualifier` is the film's year or the book's first
 * author when known. Every writer looks a work up here before adding a block.
 */
export const blockWorks = sqliteTable(
  'block_works',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    work: text('work').notNull(),
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    qualifier: text('qualifier'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.work, t.blockId] }),
    index('block_works_block').on(t.blockId, t.work),
  ],
);

/**
 * Each block's story: added, then every status it entered, written in the same batch as the
 * change. A person's latest events come from (user_id, at), newest first by scanning it backwards;
 * the events go with their block or account.
 */
export const blockStoryEvents = sqliteTable(
  'block_story_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: blockStoryKinds }).notNull(),
    at: integer('at').notNull(),
    // The goal a `reached` event tells of (its block is the one whose finish reached it).
    goalId: integer('goal_id').references((): AnySQLiteColumn => goals.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('block_story_events_user_at').on(t.userId, t.at),
    index('block_story_events_block').on(t.blockId),
    // The week's starts, for trending.
    index('block_story_events_kind_at').on(t.kind, t.at),
    // A goal is reached once: finishing more blocks after it tells nothing new.
    uniqueIndex('block_story_events_goal').on(t.goalId).where(sql`${t.goalId} IS NOT NULL`),
  ],
);

/**
 * A number of blocks its owner means to finish in a calendar year (their time zone): of any
 * kind, of one category, or of one type. Progress is counted from the blocks, never stored.
 */
export const goals = sqliteTable(
  'goals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    target: integer('target').notNull(),
    scope: text('scope', { enum: goalScopes }).notNull(),
    // The category or type key the goal counts; null for `any`.
    scopeKey: text('scope_key'),
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('goals_user_year').on(t.userId, t.year),
    // One goal per year and scope: `any` has no key, and SQLite holds NULLs distinct.
    uniqueIndex('goals_one_per_scope').on(
      t.userId,
      t.year,
      t.scope,
      sql`coalesce(${t.scopeKey}, '')`,
    ),
  ],
);

/**
 * Who copied which block, once: a block's copy count grows only when a person copies it for the
 * first time (trigger in migrations), so copy, delete, copy again counts once.
 */
export const blockCopies = sqliteTable(
  'block_copies',
  {
    sourceBlockId: integer('source_block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    copierId: integer('copier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceBlockId, t.copierId] }),
    // The week's copies, for trending.
    index('block_copies_created').on(t.createdAt),
  ],
);

/**
 * Who follows which board. Never public: only the follower reads their own rows, and a board's
 * owner reads how many there are. Rows go with either account.
 */
export const follows = sqliteTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The key also answers "whom do I follow" for the following feed, from the index alone.
    primaryKey({ columns: [t.followerId, t.followedId] }),
    // "Whom do I follow", latest first, for the list of followed boards.
    index('follows_follower_created').on(t.followerId, t.createdAt),
    // "Who follows this board": the owner's follower count, and the cascade when it is deleted.
    index('follows_followed').on(t.followedId),
  ],
);

/**
 * What happened to a person's board that they are told of: someone followed it, someone copied a
 * block of it. Written by triggers on follows and block_copies (migrations), once per actor and
 * subject; each event adds its own row, and what is unread is counted from these rows against the
 * recipient's `readUpTo`, never from a counter every event would rewrite.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockId: integer('block_id').references(() => blocks.id, { onDelete: 'cascade' }),
    // For a `moderated` notice: the action taken on the board, with its note.
    moderationActionId: integer('moderation_action_id').references(
      (): AnySQLiteColumn => moderationActions.id,
      { onDelete: 'cascade' },
    ),
    // For a `liked`, `boosted` or `replied` notice: the answer from another server.
    fediverseInteractionId: integer('fediverse_interaction_id').references(
      (): AnySQLiteColumn => fediverseInteractions.id,
      { onDelete: 'cascade' },
    ),
    createdAt: createdAt(),
  },
  (t) => [
    // A person's latest first, and the unread ones (created after readUpTo), from the index alone.
    index('notifications_recipient_created').on(t.recipientId, t.createdAt),
    // Once per actor and subject: following twice tells once.
    index('notifications_recipient_actor').on(t.recipientId, t.actorId, t.kind),
    index('notifications_actor').on(t.actorId),
    index('notifications_block').on(t.blockId),
    index('notifications_fediverse_interaction').on(t.fediverseInteractionId),
  ],
);

/**
 * Per person: up to when they have read their notifications (written only when they open the
 * list), and whether they are also told by email (off until they turn it on).
 */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readUpTo: integer('read_up_to', { mode: 'timestamp_ms' }),
  byEmail: integer('by_email', { mode: 'boolean' }).notNull().default(false),
});

/** Where Discover's rollup applies: every board, or one category's. */
const discoverScope = () => text('scope').notNull();

/**
 * The blocks copied or started most in the last 7 days, per scope, ranked by the Discover rollup
 * (worker/domain/discover/discover.ts) so that no request counts the week's activity.
 */
export const trendingBlocks = sqliteTable(
  'trending_blocks',
  {
    scope: discoverScope(),
    rank: integer('rank').notNull(),
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    // Copies of the block and starts of it or of its copies in the window.
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.rank] })],
);

/** How many boards Discover lists per scope, counted by the rollup: a count of a million rows is no request's work. */
export const discoverTotals = sqliteTable('discover_totals', {
  scope: discoverScope().primaryKey(),
  boards: integer('boards').notNull(),
  countedAt: integer('counted_at').notNull(),
});

export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: ['feature', 'bug', 'improvement', 'other'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['new', 'reviewed', 'planned', 'completed', 'rejected'] })
      .notNull()
      .default('new'),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created').on(t.createdAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    // SHA-256 of the emailed token: a database leak does not hand out working links.
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user').on(t.userId)],
);

export const dailyViews = sqliteTable(
  'daily_views',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    // Distinct visitors that day (a visitor is a daily-salted hash, never stored here).
    visitors: integer('visitors').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.day] })],
);

/**
 * Bookkeeping for the view pipeline, per board and counter shard (the board's ViewCounters,
 * decision 0007): the last batch the shard flushed (makes a retried flush a no-op). Shard 0 is the
 * counter each board had before the counters were sharded. `rolled_seq` and its index are no longer
 * read or written (the KV roll-up went, decision 0043); a migration may drop them.
 */
export const viewLedger = sqliteTable(
  'view_ledger',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull().default(0),
    flushedSeq: integer('flushed_seq').notNull().default(0),
    rolledSeq: integer('rolled_seq').notNull().default(0),
    // Set while the shard holds views not yet flushed.
    pendingSince: integer('pending_since', { mode: 'timestamp_ms' }),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.shard] }),
    index('view_ledger_unrolled').on(t.boardId).where(sql`${t.flushedSeq} > ${t.rolledSeq}`),
    index('view_ledger_pending').on(t.pendingSince).where(sql`${t.pendingSince} IS NOT NULL`),
  ],
);

/**
 * Where a board's counted views came from, per UTC day (decision 0039): the referring site's
 * domain (or `direct`, or `up2` for our own pages), the country, the device class. Counts only,
 * never anything about one visitor.
 */
export const dailyInsights = sqliteTable(
  'daily_insights',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    kind: text('kind', { enum: ['referrer', 'country', 'device'] }).notNull(),
    name: text('name').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.day, t.kind, t.name] })],
);

/** Counted clicks on each block's link per UTC day: with the board's views, its click-through rate. */
export const dailyBlockClicks = sqliteTable(
  'daily_block_clicks',
  {
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.day] }),
    index('daily_block_clicks_board_day').on(t.boardId, t.day),
  ],
);

/**
 * A feed that keeps its owner's board current (issue 26): a Letterboxd diary, a Goodreads shelf,
 * a BookWyrm shelf, or any RSS, Atom or JSON Feed. Checked every 30 minutes at its `slot`: the
 * cron picks one minute's slots (and shards them) from an index, so scheduling writes nothing, and
 * a check that finds nothing new writes nothing either (decision 0032).
 */
export const sources = sqliteTable(
  'sources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The feed itself (after following a page's <link rel="alternate">), as fetched.
    url: text('url').notNull(),
    kind: text('kind', { enum: sourceKinds }).notNull(),
    title: text('title').notNull(),
    // Options: the shelves taken (JSON array of shelf names; empty: all), whether new blocks start
    // hidden, and for a generic feed one block per item instead of one link block.
    shelves: text('shelves').notNull().default('[]'),
    startHidden: integer('start_hidden', { mode: 'boolean' }).notNull().default(false),
    blockPerItem: integer('block_per_item', { mode: 'boolean' }).notNull().default(false),
    // Where in the 30-minute cycle it is checked: minute * shards + shard, chosen at random when
    // the source is added (the jitter).
    slot: integer('slot').notNull(),
    // What the feed's server last said, for a conditional GET, and a hash of the body for servers
    // that say neither.
    etag: text('etag'),
    lastModified: text('last_modified'),
    bodyHash: text('body_hash'),
    // Written only when a check writes anyway (something new, a failure, a recovery).
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    // Checks asked for by the owner: once a minute.
    checkRequestedAt: integer('check_requested_at', { mode: 'timestamp_ms' }),
    // Failures in a row, since when, and the last one in words.
    failures: integer('failures').notNull().default(0),
    failingSince: integer('failing_since', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    // Not checked before this (Retry-After, 429, 503 and backoff after failures).
    notBefore: integer('not_before', { mode: 'timestamp_ms' }),
    // Paused by the owner, or after 7 days of failures; null while it is checked.
    pausedBy: text('paused_by', { enum: ['owner', 'failures'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sources_user_url').on(t.userId, t.url),
    index('sources_slot').on(t.slot).where(sql`${t.pausedBy} IS NULL`),
  ],
);

/**
 * What a source made of each item it took, per board: the item's key (`goodreads:<book id>`,
 * `letterboxd:<film>`, `feed:<source id>:<item id>`) is the block's `import_key`, so an item makes
 * at most one block ever. `blockId` turns null when the owner deletes the block (never made
 * again); the fields the owner changed by hand are the block's `handEdited`, which a source never
 * overwrites.
 */
export const sourceItems = sqliteTable(
  'source_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    blockId: integer('block_id').references(() => blocks.id, { onDelete: 'set null' }),
    // The status the feed last gave the item (its shelf): a move is a change of this.
    status: text('status', { enum: ['now', 'planned', 'done'] }).notNull(),
    // What the source last wrote of the item (title, subtitle, link), hashed: unchanged, no write.
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKey] }),
    index('source_items_source').on(t.sourceId),
    index('source_items_block').on(t.blockId),
  ],
);

/**
 * A personal access token: a script's key to its owner's blocks and board, within its scopes.
 * Only the SHA-256 of the token is kept (docs/decisions/0034); `lastUsedAt` is written at most
 * once a minute per token, never on every request.
 */
export const personalAccessTokens = sqliteTable(
  'personal_access_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // JSON array of scopes, e.g. ["read","blocks:write"].
    scopes: text('scopes').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash').on(t.tokenHash),
    index('personal_access_tokens_user').on(t.userId),
  ],
);

/**
 * People on other servers (ActivityPub actors) who follow a board: one row per board and remote
 * actor, written when their server's signed `Follow` is accepted and removed on `Undo`, on the
 * actor's `Delete` or by the owner. Only the board's owner reads who they are; deliveries read
 * the inboxes, one per shared inbox.
 */
export const fediverseFollowers = sqliteTable(
  'fediverse_followers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The actor's id (its URL), as its server names it.
    actorId: text('actor_id').notNull(),
    // The id of the Follow activity, which an Accept or a Reject names as its object.
    followId: text('follow_id').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    // Where a delivery to this follower goes: the shared inbox if their server has one, else their
    // own. One request per distinct value, read in order from the index below.
    deliveryInbox: text('delivery_inbox').notNull().default(''),
    // `@name@server`, from WebFinger's point of view.
    handle: text('handle').notNull(),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    // The actor's server, lower-cased: how many follows one server sends a board is limited.
    actorHost: text('actor_host').notNull().default(''),
    // A follow past those limits waits for the owner's approval: not Accepted, counted nor
    // delivered to until then.
    waiting: integer('waiting', { mode: 'boolean' }).notNull().default(false),
    followedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fediverse_followers_user_actor').on(t.userId, t.actorId),
    // The follows one server sent a board, latest first.
    index('fediverse_followers_user_host').on(t.userId, t.actorHost, t.followedAt),
    // The owner's list, latest first, and the follower count.
    index('fediverse_followers_user_followed').on(t.userId, t.followedAt),
    // A remote actor's `Delete` drops its follows of every board.
    index('fediverse_followers_actor').on(t.actorId),
    // A story's deliveries: the board's distinct inboxes, a page at a time.
    index('fediverse_followers_user_delivery').on(t.userId, t.deliveryInbox),
  ],
);

/**
 * How far a board's story has gone out to the fediverse: the id of the last story event handed to
 * delivery. Made when the board gets its first fediverse follower (at its latest event, so a new
 * follower is not sent the past); a delivery claims the events after it by moving it on.
 */
export const fediverseOutboxes = sqliteTable('fediverse_outboxes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  announcedUpTo: integer('announced_up_to').notNull(),
});

/**
 * Where a board's fediverse account has been and goes: the accounts its owner had before (the
 * actor's `alsoKnownAs`, so they may `Move` here), and the account it moved to (`movedTo`), with
 * when. Actor ids, checked to exist when entered.
 */
export const fediverseAccountMoves = sqliteTable('fediverse_account_moves', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  alsoKnownAs: text('also_known_as', { mode: 'json' }).$type<string[]>().notNull().default([]),
  movedTo: text('moved_to'),
  // The new account as people write it (`@name@server`), for the board page's notice.
  movedToHandle: text('moved_to_handle'),
  movedAt: integer('moved_at', { mode: 'timestamp_ms' }),
  // When one of the former accounts last moved here: its followers' follows arrive in a burst.
  movedInAt: integer('moved_in_at', { mode: 'timestamp_ms' }),
});

/**
 * A board actor's key pairs, as JWK: RSA (HTTP Signatures) and Ed25519 (Object Integrity
 * Proofs). Made the first time the actor is asked for, and going with the account.
 */
export const fediverseKeys = sqliteTable(
  'fediverse_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm', { enum: ['RSASSA-PKCS1-v1_5', 'Ed25519'] }).notNull(),
    privateKey: text('private_key').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.algorithm] })],
);

/**
 * The outbox of board changes (docs/decisions/0045): each write to a board commits one row here in
 * the same batch as its own rows, and one consumer hears it, whoever wrote it: the board's cached
 * version, goals reached, the fediverse. `storiesAfter`..`storiesUpTo` (ids of block_story_events)
 * are the story events the change made. No foreign key: the change that deletes an account outlives
 * it, and names its board by `username`.
 */
export const boardChanges = sqliteTable(
  'board_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    username: text('username').notNull(),
    aspect: text('aspect', { enum: boardChangeAspects }).notNull(),
    // The address the board was written through: what the fediverse's activities are named by.
    origin: text('origin').notNull(),
    storiesAfter: integer('stories_after').notNull(),
    storiesUpTo: integer('stories_up_to'),
    createdAt: integer('created_at').notNull(),
    // A consumer's hold on the change: another leaves it alone until then.
    claimedUntil: integer('claimed_until'),
    handledAt: integer('handled_at'),
  },
  (t) => [
    // The changes still to handle, oldest first: the sweep's scan.
    index('board_changes_waiting').on(t.createdAt).where(sql`${t.handledAt} IS NULL`),
    index('board_changes_user').on(t.userId, t.id),
  ],
);

/**
 * A block its owner deleted, kept as it was (its row, story, copies, clicks and what pointed at
 * it) until `purgeAt`: restoring it within the window brings all of it back; after, the cron
 * deletes it for good with its image.
 */
export const deletedBlocks = sqliteTable(
  'deleted_blocks',
  {
    blockId: integer('block_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url'),
    kept: text('kept').notNull(),
    deletedAt: integer('deleted_at').notNull(),
    purgeAt: integer('purge_at').notNull(),
  },
  (t) => [index('deleted_blocks_purge').on(t.purgeAt)],
);

/**
 * The first answer to a creating request sent with an `Idempotency-Key` (decision 0041): the same
 * key from the same person within 24 hours gets this answer again and creates nothing. A row with
 * no status is a request still being handled.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the client's key: the key itself, which unseals the answer, is never stored.
    keyHash: text('key_hash').notNull(),
    // The method and path the key was first sent to: the same key elsewhere is another request.
    route: text('route').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    // The first answer's body, AES-GCM sealed under a key derived from the client's key, so a
    // token secret it carries is readable only by the client retrying (decision 0041).
    sealedBody: text('sealed_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyHash] })],
);

/**
 * A report of a board (and maybe one of its blocks) by a visitor or another server, with what was
 * reported as it was then (`snapshot`, JSON): editing the block afterwards erases no evidence.
 * Open until a moderator acts on its board (`actionId`).
 */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockId: integer('block_id'),
    reason: text('reason', { enum: reportReasons }).notNull(),
    comment: text('comment'),
    snapshot: text('snapshot').notNull(),
    // Who reported, as far as limits go: a digest of the address key, or `server:<host>`.
    reporterKey: text('reporter_key').notNull(),
    // The server a `Flag` activity came from; null for a report made on Up2.
    fromServer: text('from_server'),
    actionId: integer('action_id').references((): AnySQLiteColumn => moderationActions.id, {
      onDelete: 'set null',
    }),
    // The owner's appeal of a moderator's action (their comment says why): once per action.
    appealOf: integer('appeal_of').references((): AnySQLiteColumn => moderationActions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_appeal_once').on(t.appealOf),
    // The queue: open reports, newest first.
    index('reports_open').on(t.createdAt).where(sql`${t.actionId} IS NULL`),
    index('reports_board').on(t.boardId, t.createdAt),
    // One open report per board and reporter: a flood from one address counts once.
    uniqueIndex('reports_open_once').on(t.boardId, t.reporterKey).where(sql`${t.actionId} IS NULL`),
  ],
);

/** The audit log: every moderator's action on a board, with its required note. */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    boardId: integer('board_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: moderationActionKinds }).notNull(),
    blockId: integer('block_id'),
    note: text('note').notNull(),
    // For a suspension: whether the board was public, so an unsuspension restores it as it was.
    boardWasPublic: integer('board_was_public', { mode: 'boolean' }),
    // The action this one reverses (from the audit log, or an unsuspension): reversed once.
    reverses: integer('reverses').references((): AnySQLiteColumn => moderationActions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_board').on(t.boardId, t.createdAt),
    uniqueIndex('moderation_actions_reversed_once').on(t.reverses),
  ],
);

/**
 * Blocks a moderator hid: kept hidden (a trigger) whoever writes them. No foreign key: a block
 * deleted and restored keeps its id and its hold.
 */
export const hiddenBlocks = sqliteTable('hidden_blocks', {
  blockId: integer('block_id').primaryKey(),
  actionId: integer('action_id')
    .notNull()
    .references(() => moderationActions.id, { onDelete: 'cascade' }),
});

/**
 * Answers to a board's stories from other servers: a `Like`, an `Announce` (a boost) or a reply (a
 * `Create(Note)` in reply to the story's Note), with the answering account as its server names and
 * pictures it (the picture copied into our store) and a reply's words sanitised to text and links.
 * One row per answer, never a counter: a story's likes are counted from its rows (decision 0052).
 * Only the owner reads them; a hidden reply stays stored, shown to nobody.
 */
export const fediverseInteractions = sqliteTable(
  'fediverse_interactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => blockStoryEvents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: fediverseInteractionKinds }).notNull(),
    // The id of the activity (the Like, the Announce, the reply's Create): each is taken once, and
    // an `Undo` names it.
    activityId: text('activity_id').notNull(),
    // A reply's Note id, which a `Delete` of the reply names.
    noteId: text('note_id'),
    actorId: text('actor_id').notNull(),
    // The actor's server, lower-cased: how much one server may answer a board is limited.
    actorHost: text('actor_host').notNull(),
    // `@name@server`.
    handle: text('handle').notNull(),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    // A reply's words: HTML of paragraphs, line breaks and links, nothing else.
    contentHtml: text('content_html'),
    // Where the reply is read on its own server.
    url: text('url'),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fediverse_interactions_activity').on(t.activityId),
    // One like and one boost of a story per account, however often its server sends them.
    uniqueIndex('fediverse_interactions_story_actor')
      .on(t.storyId, t.actorId, t.kind)
      .where(sql`${t.kind} <> 'reply'`),
    // The owner's list, latest first, a page at a time.
    index('fediverse_interactions_user_received').on(t.userId, t.receivedAt, t.id),
    // What one server sent a board in the last hour.
    index('fediverse_interactions_user_host').on(t.userId, t.actorHost, t.receivedAt),
    // A story's answers, counted.
    index('fediverse_interactions_story').on(t.storyId, t.kind),
    // An account's Delete of itself, and a block of it: its answers go.
    index('fediverse_interactions_actor').on(t.actorId),
  ],
);

/**
 * The accounts and servers a board's owner blocked from their board: their follows removed, their
 * activities refused from then on. The owner's own list, apart from anything the instance refuses.
 * `target` is the actor's id for an account, the lower-cased host for a server.
 */
export const fediverseBlocklist = sqliteTable(
  'fediverse_blocklist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: fediverseBlockKinds }).notNull(),
    target: text('target').notNull(),
    // What the owner reads: `@name@server` for an account, the host for a server.
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fediverse_blocklist_user_target').on(t.userId, t.kind, t.target)],
);

/**
 * The instance's domain blocks: a server suspended (refused and sent nothing) or limited (its
 * follows wait for approval, its answers are not notified), or a site whose links are blocked.
 * A host covers its subdomains. The fediverse reads them from KV (`domainBlocksKey`), not here.
 */
export const domainBlocks = sqliteTable(
  'domain_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    host: text('host').notNull(),
    kind: text('kind', { enum: domainBlockKinds }).notNull(),
    note: text('note').notNull(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('domain_blocks_host_kind').on(t.host, t.kind)],
);

/**
 * The audit log of domain blocks: each block added (with its note) and lifted, kept after the
 * block itself is gone. Written in the same batch as the block.
 */
export const domainBlockLog = sqliteTable('domain_block_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  host: text('host').notNull(),
  kind: text('kind', { enum: domainBlockKinds }).notNull(),
  event: text('event', { enum: domainBlockEvents }).notNull(),
  // The block's note; a lift has none.
  note: text('note'),
  moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
