import { DurableObject } from 'cloudflare:workers';
import { utcDay } from '../domain/analytics/days';
import {
  countryOf,
  type Device,
  deviceClassifier,
  directReferrer,
  type InsightKind,
  insightKey,
} from '../domain/analytics/insights';

/** One view or click, as an isolate gathered it: who (raw, never stored), what, and when. */
export type Visit = {
  address: string;
  userAgent: string;
  /** The block whose link was followed; null for a view of the board. */
  blockId: number | null;
  at: number;
  /** Where a view came from (insights.ts); absent from visits gathered before insights were counted. */
  referrer?: string;
  country?: string;
};

/** What a batch of visits adds to the board's counts once repeats are taken out. */
export type AdmittedCounts = {
  views: number;
  /** People seen for the first time today. */
  visitors: number;
  clicks: Map<number, number>;
  /**
   * The counted views by referrer, country and device (`insightKey`), never by visitor; absent
   * from what isolates of the release before the insights sent.
   */
  insights?: Map<string, number>;
  day: string;
};

/** A view or a click counts again once the same visitor comes back after this long. */
export const repeatWindowMs = 30 * 60 * 1000;

/**
 * The views one address may add to a board in an hour, and so the new visitors: a household or an
 * office shares an address, but a script rotating its user agent is still one address.
 */
const viewsPerAddressHour = 20;
const hourMs = 60 * 60 * 1000;

const encoder = new TextEncoder();

/** Who made a visit: its address (an IPv6 /64) and user agent, one line each (never stored as they are). */
const whoMade = (visit: Visit) => `${visit.address}\n${visit.userAgent}`;
/** The address alone, kept apart from any visitor's hash by its prefix. */
const addressOf = (visit: Visit) => `address\n${visit.address}`;

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One per board and visitor shard: knows who visited the board in the last 30 minutes and who
 * today, and answers how much of a batch is new. A visitor is a hash of their address and user
 * agent with this object's salt of the day: the salt is random, made here, and dropped with every
 * hash when the day ends, so a day's visitors can never be linked to another day's, nor (once the
 * day is over) to an address. The raw address is never stored.
 */
export class VisitLog extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS salt (day TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS seen (
        visitor TEXT NOT NULL,
        block_id INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        PRIMARY KEY (visitor, block_id)
      );
      CREATE TABLE IF NOT EXISTS address_views (
        address TEXT NOT NULL,
        hour INTEGER NOT NULL,
        views INTEGER NOT NULL,
        PRIMARY KEY (address, hour)
      );
    `);
  }

  /**
   * Takes a batch of visits of one day and answers what of it counts. A batch often holds one
   * visitor many times (reloads, a script): each visitor is hashed and looked up once, and each of
   * their (visitor, block) rows written once, as it stands after the whole batch.
   */
  async admit(visits: Visit[]): Promise<AdmittedCounts> {
    const day = utcDay(visits[0]?.at ?? Date.now());
    const salt = await this.saltFor(day);
    const deviceOf = await deviceClassifier();
    const hashes = new Map(
      await Promise.all(
        [...new Set([...visits.map(whoMade), ...visits.map(addressOf)])].map(
          async (who) => [who, await this.hashOf(salt, who)] as const,
        ),
      ),
    );
    // From here on nothing awaits, so no other batch can read these rows before they are written.
    const insights = new Map<string, number>();
    const counts: AdmittedCounts = { views: 0, visitors: 0, clicks: new Map(), insights, day };
    const tally = (kind: InsightKind, name: string) => {
      const key = insightKey(kind, name);
      insights.set(key, (insights.get(key) ?? 0) + 1);
    };
    // A batch holds few distinct user agents: each is parsed once (about 15 µs a parse).
    const devices = new Map<string, Device>();
    const deviceOfVisit = ({ userAgent }: Visit) => {
      const device = devices.get(userAgent) ?? deviceOf(userAgent);
      devices.set(userAgent, device);
      return device;
    };
    const newVisitors = new Set<string>();
    const lastSeenByRow = new Map<string, { visitor: string; blockKey: number; at: number }>();
    const viewsByAddressHour = new Map<string, { address: string; hour: number; views: number }>();
    for (const visit of visits) {
      const visitor = hashes.get(whoMade(visit)) ?? '';
      const blockKey = visit.blockId ?? 0;
      const rowKey = `${visitor}:${blockKey}`;
      const last = lastSeenByRow.get(rowKey)?.at ?? this.lastSeen(visitor, blockKey);
      if (last !== undefined && visit.at - last < repeatWindowMs) {
        lastSeenByRow.set(rowKey, { visitor, blockKey, at: Math.max(last, visit.at) });
        continue;
      }
      if (visit.blockId !== null) {
        // A click alone makes no visitor: only a view of the board does.
        counts.clicks.set(visit.blockId, (counts.clicks.get(visit.blockId) ?? 0) + 1);
      } else {
        const address = hashes.get(addressOf(visit)) ?? '';
        const hour = Math.floor(visit.at / hourMs);
        const budgetKey = `${address}:${hour}`;
        const spent = viewsByAddressHour.get(budgetKey) ?? {
          address,
          hour,
          views: this.addressViews(address, hour),
        };
        // Over the address's views for the hour: not counted, and not seen, so nothing follows.
        if (spent.views >= viewsPerAddressHour) continue;
        viewsByAddressHour.set(budgetKey, { ...spent, views: spent.views + 1 });
        counts.views += 1;
        tally('referrer', visit.referrer ?? directReferrer);
        tally('country', countryOf(visit.country));
        tally('device', deviceOfVisit(visit));
        if (!newVisitors.has(visitor) && !this.viewedToday(visitor)) {
          newVisitors.add(visitor);
          counts.visitors += 1;
        }
      }
      lastSeenByRow.set(rowKey, { visitor, blockKey, at: Math.max(last ?? visit.at, visit.at) });
    }
    for (const { visitor, blockKey, at } of lastSeenByRow.values()) {
      this.markSeen(visitor, blockKey, at);
    }
    for (const { address, hour, views } of viewsByAddressHour.values()) {
      this.ctx.storage.sql.exec(
        `INSERT INTO address_views (address, hour, views) VALUES (?1, ?2, ?3)
         ON CONFLICT (address, hour) DO UPDATE SET views = ?3`,
        address,
        hour,
        views,
      );
    }
    return counts;
  }

  /** At the end of the day the salt and every visitor hashed with it go. */
  async alarm(): Promise<void> {
    this.forgetTheDay();
    this.ctx.storage.sql.exec('DELETE FROM salt');
  }

  private forgetTheDay(): void {
    this.ctx.storage.sql.exec('DELETE FROM seen');
    this.ctx.storage.sql.exec('DELETE FROM address_views');
  }

  private async saltFor(day: string): Promise<string> {
    const kept = this.ctx.storage.sql
      .exec<{ value: string }>('SELECT value FROM salt WHERE day = ?', day)
      .toArray()[0];
    if (kept) return kept.value;
    // A new day: yesterday's salt and visitors are of no use to anyone any more.
    this.ctx.storage.sql.exec('DELETE FROM salt');
    this.forgetTheDay();
    const value = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
    this.ctx.storage.sql.exec('INSERT INTO salt (day, value) VALUES (?, ?)', day, value);
    const nextMidnight = Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    await this.ctx.storage.setAlarm(nextMidnight);
    return value;
  }

  private async hashOf(salt: string, who: string): Promise<string> {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${salt}\n${who}`));
    return hex(digest).slice(0, 32);
  }

  /** Whether the visitor saw the board today (a click alone is not a visit). */
  private viewedToday(visitor: string): boolean {
    return this.lastSeen(visitor, 0) !== undefined;
  }

  /** The views the address added to the board in the hour, as stored before this batch. */
  private addressViews(address: string, hour: number): number {
    return (
      this.ctx.storage.sql
        .exec<{ views: number }>(
          'SELECT views FROM address_views WHERE address = ? AND hour = ?',
          address,
          hour,
        )
        .toArray()[0]?.views ?? 0
    );
  }

  /** When the visitor last saw the board (block 0) or followed the block's link. */
  private lastSeen(visitor: string, blockKey: number): number | undefined {
    return this.ctx.storage.sql
      .exec<{ last_at: number }>(
        'SELECT last_at FROM seen WHERE visitor = ? AND block_id = ?',
        visitor,
        blockKey,
      )
      .toArray()[0]?.last_at;
  }

  private markSeen(visitor: string, blockKey: number, at: number): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO seen (visitor, block_id, last_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (visitor, block_id) DO UPDATE SET last_at = max(last_at, ?3)`,
      visitor,
      blockKey,
      at,
    );
  }
}
