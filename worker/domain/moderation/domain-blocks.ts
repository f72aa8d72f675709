import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DomainBlockInput } from '../../../schema/moderation';
import type { DomainBlockKind } from '../../../schema/moderation-values';
import { domainBlockLog, domainBlocks, users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { deleteFollowsFromServer } from '../fediverse/followers';

/**
 * The servers suspended or limited, as one KV value the fediverse reads (never D1 per activity):
 * written whenever a block of those kinds is added or removed, kept a minute in each isolate.
 */
const serverBlocksKey = 'domain-blocks:servers';
const keptInIsolateMs = 60_000;

type ServerBlocks = Record<string, 'suspend' | 'limit'>;
let kept: { blocks: ServerBlocks; until: number } | null = null;

/** `a.b.example` and every domain above it (`b.example`, `example`): a block of any covers it. */
function domainsCovering(host: string) {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

async function serverBlocks(env: Env): Promise<ServerBlocks> {
  if (kept && kept.until > Date.now()) return kept.blocks;
  const blocks =
    (await env.COUNTERS.get<ServerBlocks>(serverBlocksKey, { type: 'json', cacheTtl: 60 })) ?? {};
  kept = { blocks, until: Date.now() + keptInIsolateMs };
  return blocks;
}

async function publishServerBlocks(db: Db, env: Env) {
  const rows = await db
    .select({ host: domainBlocks.host, kind: domainBlocks.kind })
    .from(domainBlocks)
    .where(inArray(domainBlocks.kind, ['suspend', 'limit']));
  const blocks: ServerBlocks = {};
  for (const { host, kind } of rows) {
    // A server both limited and suspended is suspended.
    if (kind !== 'links' && blocks[host] !== 'suspend') blocks[host] = kind;
  }
  await env.COUNTERS.put(serverBlocksKey, JSON.stringify(blocks));
  kept = { blocks, until: Date.now() + keptInIsolateMs };
}

/**
 * What the instance does to a server (`host`, a hostname without port): `suspend` (its activities
 * refused, its follows gone, nothing sent to it), `limit` (its follows wait for the owner's
 * approval; its replies and likes are not notified) or null. A block of a domain covers its
 * subdomains. One KV read a minute per isolate, whatever the number of activities.
 */
export async function domainBlockOf(env: Env, host: string): Promise<'suspend' | 'limit' | null> {
  const blocks = await serverBlocks(env);
  const kinds = domainsCovering(host).map((domain) => blocks[domain]);
  if (kinds.includes('suspend')) return 'suspend';
  return kinds.includes('limit') ? 'limit' : null;
}

/** The site of a link a moderator blocked, covering `url`'s host; null when none is. */
export async function blockedLinkDomain(db: Db, url: string) {
  if (!URL.canParse(url)) return null;
  const found = await db
    .select({ host: domainBlocks.host })
    .from(domainBlocks)
    .where(
      and(
        eq(domainBlocks.kind, 'links'),
        inArray(domainBlocks.host, domainsCovering(new URL(url).hostname)),
      ),
    )
    .get();
  return found?.host ?? null;
}

/**
 * Which of `urls` lead to a site a moderator blocked: one lookup of the unique index for all of a
 * board's links (each host and the domains above it).
 */
export async function reportedLinks(db: Db, urls: (string | null)[]) {
  const hosts = new Map<string, string[]>();
  for (const url of urls) {
    if (url && URL.canParse(url)) hosts.set(url, domainsCovering(new URL(url).hostname));
  }
  const domains = [...new Set([...hosts.values()].flat())];
  if (domains.length === 0) return new Set<string>();
  const rows = await db
    .select({ host: domainBlocks.host })
    .from(domainBlocks)
    .where(and(eq(domainBlocks.kind, 'links'), inArray(domainBlocks.host, domains)));
  const blocked = new Set(rows.map((row) => row.host));
  return new Set(
    [...hosts].filter(([, covering]) => covering.some((d) => blocked.has(d))).map(([url]) => url),
  );
}

type DomainBlockRow = typeof domainBlocks.$inferSelect;

function toDomainBlock(row: DomainBlockRow, moderator: string | null) {
  const { id, host, kind, note, createdAt } = row;
  return { id, host, kind, note, moderator, createdAt: createdAt.toISOString() };
}

/** Every domain block, newest first, with the moderator who made it. */
export async function listDomainBlocks(db: Db) {
  const rows = await db
    .select({ block: domainBlocks, moderator: users.username })
    .from(domainBlocks)
    .leftJoin(users, eq(users.id, domainBlocks.moderatorId))
    .orderBy(desc(domainBlocks.id));
  return { domainBlocks: rows.map(({ block, moderator }) => toDomainBlock(block, moderator)) };
}

const affectsServers = (kind: DomainBlockKind) => kind !== 'links';

/**
 * Blocks a domain. Suspending a server also removes every follow of our boards from it (and its
 * subdomains), so nothing is delivered there; the fediverse hears of it within a minute.
 */
export async function addDomainBlock(
  db: Db,
  env: Env,
  moderator: { id: number; username: string },
  input: DomainBlockInput,
) {
  const [[row]] = await db
    .batch([
      db
        .insert(domainBlocks)
        .values({ ...input, moderatorId: moderator.id })
        .returning(),
      db.insert(domainBlockLog).values({ ...input, event: 'blocked', moderatorId: moderator.id }),
    ])
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE')) {
        throw new Refusal('conflict', `${input.host} is already blocked this way.`);
      }
      throw error;
    });
  if (!row) throw new Error('The domain block was not stored.');
  if (affectsServers(input.kind)) await publishServerBlocks(db, env);
  if (input.kind === 'suspend') await deleteFollowsFromServer(db, env, input.host);
  return { domainBlock: toDomainBlock(row, moderator.username) };
}

/** Lifts a domain block, recording who lifted it; an unknown one is not found. */
export async function removeDomainBlock(db: Db, env: Env, moderatorId: number, id: number) {
  // Every column in the log's order, as an insert from a select takes them; a null id is assigned.
  const lift = db
    .select({
      id: sql<null>`NULL`.as('id'),
      host: domainBlocks.host,
      kind: domainBlocks.kind,
      event: sql<'lifted'>`'lifted'`.as('event'),
      note: sql<null>`NULL`.as('note'),
      moderatorId: sql<number>`${moderatorId}`.as('moderator_id'),
      createdAt: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
    })
    .from(domainBlocks)
    .where(eq(domainBlocks.id, id));
  const [, [removed]] = await db.batch([
    db.insert(domainBlockLog).select(lift),
    db.delete(domainBlocks).where(eq(domainBlocks.id, id)).returning(),
  ]);
  if (!removed) throw new Refusal('not-found', 'Domain block not found.');
  if (affectsServers(removed.kind)) await publishServerBlocks(db, env);
  return { deleted: true as const };
}

/** The newest domain blocks added and lifted, for the audit log. */
export async function domainAuditEntries(db: Db, limit = 100) {
  const rows = await db
    .select({ entry: domainBlockLog, moderator: users.username })
    .from(domainBlockLog)
    .leftJoin(users, eq(users.id, domainBlockLog.moderatorId))
    .orderBy(desc(domainBlockLog.id))
    .limit(limit);
  return rows.map(({ entry, moderator }) => {
    const { id, event, host, kind, note, createdAt } = entry;
    return { id, event, host, kind, note, moderator, createdAt: createdAt.toISOString() };
  });
}
