import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { blocks, dailyBlockClicks, dailyInsights, dailyViews } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { lastDays } from './days';

/** What a counted view is tallied under (decision 0039); never anything about the visitor alone. */
export type InsightKind = 'referrer' | 'country' | 'device';
export type Device = 'phone' | 'tablet' | 'desktop';

/** A view that came with no usable `Referer`: typed in, from an app, or from a page that hides it. */
export const directReferrer = 'direct';
/** A view that came from one of our own pages (Discover, Following, another board). */
const ownSiteReferrer = 'up2';
/** A country Cloudflare could not place. */
const unknownCountry = 'XX';

const longestDomain = 100;
const domainPattern = /^(?=.*[a-z])[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The referring site of a view: the domain of its `Referer` without `www.`, `up2` for our own
 * host, `direct` for none. Only the host is kept, never a path or query (they can name a person);
 * anything that is not an http(s) URL with a domain name (an address, `android-app://`, garbage)
 * counts as direct.
 */
export function referrerOf(referer: string | null, ownHost: string): string {
  if (!referer) return directReferrer;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return directReferrer;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return directReferrer;
  const withoutWww = (host: string) => host.toLowerCase().replace(/^www\./, '');
  if (withoutWww(url.hostname) === withoutWww(ownHost.replace(/:\d+$/, ''))) return ownSiteReferrer;
  const domain = withoutWww(url.hostname).replace(/\.$/, '');
  if (domain.length > longestDomain || !domainPattern.test(domain)) return directReferrer;
  return domain;
}

/** Cloudflare's two-letter country of the request (`T1` for Tor), or `XX`. */
export function countryOf(country: unknown): string {
  return typeof country === 'string' && /^[A-Z][A-Z0-9]$/.test(country) ? country : unknownCountry;
}

/**
 * What tells the device class of a user agent (a TV, a console or anything unknown counts as a
 * desktop). Bowser's parser loads with the first visits an isolate counts, not at its start.
 */
export async function deviceClassifier(): Promise<(userAgent: string) => Device> {
  const { default: Bowser } = await import('bowser');
  return (userAgent) => {
    if (!userAgent) return 'desktop';
    const type = Bowser.getParser(userAgent).getPlatformType(true);
    if (type === 'mobile') return 'phone';
    if (type === 'tablet') return 'tablet';
    return 'desktop';
  };
}

/** The key a tally is kept under in a counter: kind and name, which holds no colon. */
export const insightKey = (kind: InsightKind, name: string) => `${kind}:${name}`;

export function splitInsightKey(key: string): { kind: InsightKind; name: string } {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) as InsightKind, name: key.slice(at + 1) };
}

/** How many of each the dashboard shows. */
const topCount = 5;
const insightDays = 30;

type Share = { name: string; views: number };

/**
 * Where a board's views of the last 30 UTC days came from, five of each, and the five blocks
 * whose links were followed most, each with its click-through rate: its clicks over the
 * board's views in the same days (every block of a board shares that denominator).
 */
export async function readInsights(db: Db, boardId: number, now = Date.now()) {
  const [firstDay] = lastDays(insightDays, now) as [string];
  const [shares, clicked, [viewed]] = await db.batch([
    db
      .select({
        kind: dailyInsights.kind,
        name: dailyInsights.name,
        views: sql<number>`sum(${dailyInsights.views})`.as('views'),
      })
      .from(dailyInsights)
      .where(and(eq(dailyInsights.boardId, boardId), gte(dailyInsights.day, firstDay)))
      .groupBy(dailyInsights.kind, dailyInsights.name),
    db
      .select({
        id: blocks.id,
        title: blocks.title,
        clicks: sql<number>`sum(${dailyBlockClicks.clicks})`.as('clicks'),
      })
      .from(dailyBlockClicks)
      .innerJoin(blocks, eq(blocks.id, dailyBlockClicks.blockId))
      .where(and(eq(dailyBlockClicks.boardId, boardId), gte(dailyBlockClicks.day, firstDay)))
      .groupBy(blocks.id)
      .orderBy(desc(sql`clicks`), desc(blocks.id))
      .limit(topCount),
    db
      .select({ views: sql<number>`coalesce(sum(${dailyViews.views}), 0)` })
      .from(dailyViews)
      .where(and(eq(dailyViews.boardId, boardId), gte(dailyViews.day, firstDay))),
  ]);
  const top = (kind: InsightKind): Share[] =>
    shares
      .filter((share) => share.kind === kind)
      .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name))
      .slice(0, topCount)
      .map(({ name, views }) => ({ name, views }));
  const views = viewed?.views ?? 0;
  return {
    views,
    referrers: top('referrer'),
    countries: top('country'),
    devices: top('device'),
    blocks: clicked.map((block) => ({
      ...block,
      clickThroughRate: views > 0 ? block.clicks / views : 0,
    })),
  };
}
