import { isBookmark } from './db';
import type { Answering } from './edge-cache';

/**
 * Each public board's version in KV (`board-version:<username>`): every cached answer of the board
 * is kept under the version it showed, so a change moves the board to a version nothing is cached
 * under, and purges nothing (docs/architecture.md, "Caching and consistency").
 */

// How long a location trusts the version it read: an edit reaches every location within this.
const versionReadTtlSeconds = 60;
const retryDelayMs = 1000;
const initialVersion = '0';
// The safety net for a version bump KV refused twice: no cached answer is fresh longer than this
// (older copies are served only while the database is unavailable).
export const entryTtlSeconds = 600;

const versionKey = (username: string) => `board-version:${username}`;

// The versions this isolate read or wrote lately: under load, a board's version costs one KV read
// a second per isolate rather than one per request, and an edit made here shows here at once.
const versionMemoMs = 1000;
const versionMemoLimit = 1000;
const recentVersions = new Map<string, { version: string; until: number }>();

function rememberVersion(username: string, version: string): void {
  if (recentVersions.size >= versionMemoLimit) recentVersions.clear();
  recentVersions.set(username, { version, until: Date.now() + versionMemoMs });
}

export async function readVersion(env: Env, username: string): Promise<string> {
  const recent = recentVersions.get(username);
  if (recent && recent.until > Date.now()) return recent.version;
  const version =
    (await env.COUNTERS.get(versionKey(username), { cacheTtl: versionReadTtlSeconds })) ??
    initialVersion;
  rememberVersion(username, version);
  return version;
}

/**
 * The current versions of these boards, as `name=version` pairs, or null when KV cannot say: a
 * page showing several boards (the landing page) keeps them to know when it is out of date.
 */
export async function boardVersions(env: Env, usernames: string[]): Promise<string | null> {
  try {
    const versions = await Promise.all(usernames.map((name) => readVersion(env, name)));
    return usernames.map((name, i) => `${name}=${versions[i]}`).join(',');
  } catch (error) {
    console.error('Board versions unreadable.', error);
    return null;
  }
}

/**
 * A board's version names the change: unique, and led by the database bookmark the change reached,
 * so a render for this version reads from a copy that already holds it (`readsAfterVersion`).
 */
function versionFor(bookmark: string | null): string {
  return bookmark ? `${bookmark}~${crypto.randomUUID()}` : crypto.randomUUID();
}

export function readsAfterVersion(version: string | undefined): string | undefined {
  const bookmark = version?.split('~')[0];
  return isBookmark(bookmark) ? bookmark : undefined;
}

/** Writes a fresh version; answers the error KV gave, or undefined once written. */
async function writeVersion(env: Env, username: string, version: string): Promise<unknown> {
  try {
    await env.COUNTERS.put(versionKey(username), version);
    rememberVersion(username, version);
    return undefined;
  } catch (error) {
    return error ?? new Error('KV put failed');
  }
}

async function retryVersions(env: Env, usernames: string[], version: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  await Promise.all(
    usernames.map(async (username) => {
      const error = await writeVersion(env, username, version);
      if (error) {
        console.error(
          `Board ${username} changed but its cache version was not bumped; cached answers expire within ${entryTtlSeconds} s.`,
          error,
        );
      }
    }),
  );
}

/** A change just written: where it ran, and the database bookmark its statements reached. */
export type BoardChange = {
  env: Env;
  ctx: Answering['ctx'];
  bookmark: string | null;
};

/**
 * Marks the boards at these names as changed: their cached answers are no longer used, here at
 * once and in every other location within a minute. Call it after the change is written. The
 * first write is awaited, so the editor's next load (answered in this location, where KV reads its
 * own writes) shows the change; a write KV refuses (it takes about one per second per key) is
 * retried once a second later, after the answer has gone. It never fails the request: at worst the old
 * answer lives out its TTL.
 */
export async function bumpBoardVersion(
  { env, ctx, bookmark }: BoardChange,
  ...usernames: string[]
): Promise<void> {
  const names = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const version = versionFor(bookmark);
  const refused = (
    await Promise.all(
      names.map(async (name) => ((await writeVersion(env, name, version)) ? name : null)),
    )
  ).filter((name) => name !== null);
  if (refused.length > 0) ctx.waitUntil(retryVersions(env, refused, version));
}
