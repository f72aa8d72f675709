import type { PageSite } from '../../../schema/sources';
import { fetchOutside, outsideFetchDeadlineMs, readAtMost } from '../../platform/outside-fetch';
import { readPageHead } from '../../platform/page-head';
import { Refusal, refusalIn } from '../../platform/refusal';
import { feedText, type ReadFeed, readFeed, refuseNotAFeed } from './feed-formats';
import { recognisePage } from './page-addresses';

/** A feed is a page of text: a shelf of 100 books with their descriptions is well under this. */
const maxFeedBytes = 2 * 1024 * 1024;

const accept =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5';

/** What the feed's server said last time: sent back so that it can answer 304. */
export type Validators = { etag: string | null; lastModified: string | null };

export type FeedFetch =
  | { outcome: 'unchanged' }
  | {
      outcome: 'fetched';
      text: string;
      /** Where the feed was read from, after redirects. */
      url: string;
      isHtml: boolean;
      validators: Validators;
      bodyHash: string;
    }
  | {
      outcome: 'failed';
      error: string;
      /** How long the server asked us to wait (Retry-After), in ms. */
      retryAfterMs: number | null;
    };

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
function retryAfterOf(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

async function hashOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const looksLikeHtml = (contentType: string, text: string) =>
  contentType.includes('html') || /^\s*(<!doctype html|<html)/i.test(text);

function failureOf(response: { status: number; headers: Headers }, now: number): FeedFetch {
  const retryAfterMs = retryAfterOf(response.headers.get('retry-after'), now);
  const { status } = response;
  const error =
    status === 429
      ? "The feed's site asked us to slow down (HTTP 429): we will try again later."
      : status === 503
        ? "The feed's site is unavailable for now (HTTP 503)."
        : status === 404 || status === 410
          ? `The feed is no longer there (HTTP ${status}): check its address.`
          : status === 401 || status === 403
            ? `The feed is private (HTTP ${status}): make it public at its site.`
            : `The feed's site answered with an error (HTTP ${status}).`;
  return { outcome: 'failed', error, retryAfterMs };
}

/**
 * Fetches a feed with the fetch rules of link previews (decision 0018: every address checked,
 * redirects re-checked, 5 seconds, 2 MB), as a conditional GET when `validators` hold what the
 * server said last time: a 304 is `unchanged`. Never throws for what the other server does.
 */
export async function fetchFeed(
  link: URL,
  validators: Validators,
  { allowPrivate, now = Date.now() }: { allowPrivate: boolean; now?: number },
): Promise<FeedFetch> {
  const signal = AbortSignal.timeout(outsideFetchDeadlineMs);
  const headers: Record<string, string> = {};
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  try {
    const { response, url } = await fetchOutside(link, { allowPrivate, signal, accept, headers });
    if (response.status === 304) {
      await response.body?.cancel();
      return { outcome: 'unchanged' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failureOf(response, now);
    }
    const bytes = await readAtMost(response, maxFeedBytes);
    if (!bytes) {
      return { outcome: 'failed', error: 'The feed is larger than 2 MB.', retryAfterMs: null };
    }
    const contentType = response.headers.get('content-type') ?? '';
    const text = feedText(bytes, contentType);
    return {
      outcome: 'fetched',
      text,
      url: url.href,
      isHtml: looksLikeHtml(contentType, text),
      validators: {
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      },
      bodyHash: await hashOf(bytes as Uint8Array<ArrayBuffer>),
    };
  } catch (error) {
    const refusal = refusalIn(error);
    if (refusal) return { outcome: 'failed', error: refusal.message, retryAfterMs: null };
    if (signal.aborted) {
      return {
        outcome: 'failed',
        error: "The feed's site took longer than 5 seconds to answer.",
        retryAfterMs: null,
      };
    }
    return {
      outcome: 'failed',
      error: "The feed's site could not be reached.",
      retryAfterMs: null,
    };
  }
}

/** A feed found, read, with what its server said (for the next conditional GET). */
export type FoundFeed = { feed: ReadFeed; url: string; validators: Validators; bodyHash: string };

/** The feed a recognised page's site publishes for it, read; null when it cannot be. */
async function feedOfPage(page: URL, allowPrivate: boolean): Promise<FoundFeed | null> {
  const fetched = await fetchFeed(page, { etag: null, lastModified: null }, { allowPrivate });
  if (fetched.outcome !== 'fetched' || fetched.isHtml) return null;
  const feed = readFeed(fetched.text, fetched.url);
  if (!feed) return null;
  return { feed, url: fetched.url, validators: fetched.validators, bodyHash: fetched.bodyHash };
}

/**
 * The feed at a link a person pasted: the feed of a page recognised by its address (a YouTube
 * channel, a GitHub profile…: `recognisePage`), the feed itself, or the first feed a page
 * announces with `<link rel="alternate">` (one step: an announced page is not followed further).
 * A recognised page whose feed cannot be read is read as any other address. Refuses (422) what
 * cannot be read, saying why.
 */
export async function findFeed(
  link: URL,
  allowPrivate: boolean,
): Promise<FoundFeed & { site: PageSite | null }> {
  const page = recognisePage(link);
  const ofPage = page?.feed ? await feedOfPage(page.feed, allowPrivate) : null;
  if (ofPage) return { ...ofPage, site: page?.site ?? null };
  // A page whose feed only the page names (a YouTube handle) is still what it was recognised as.
  const site = page && !page.feed ? page.site : null;
  return { ...(await feedAtLink(link, allowPrivate)), site };
}

async function feedAtLink(link: URL, allowPrivate: boolean): Promise<FoundFeed> {
  const fetched = await fetchFeed(link, { etag: null, lastModified: null }, { allowPrivate });
  if (fetched.outcome === 'failed') refuseUnreadable(fetched.error);
  if (fetched.outcome !== 'fetched') return refuseNotAFeed();
  if (fetched.isHtml) {
    const head = await readPageHead(fetched.text);
    const base =
      head.base && URL.canParse(head.base, fetched.url)
        ? new URL(head.base, fetched.url).href
        : fetched.url;
    const announced = head.feeds[0];
    if (!announced || !URL.canParse(announced, base)) return refuseNotAFeed();
    const feedLink = new URL(announced, base);
    const again = await fetchFeed(feedLink, { etag: null, lastModified: null }, { allowPrivate });
    if (again.outcome === 'failed') refuseUnreadable(again.error);
    if (again.outcome !== 'fetched' || again.isHtml) return refuseNotAFeed();
    return foundIn(again);
  }
  return foundIn(fetched);
}

function foundIn(fetched: Extract<FeedFetch, { outcome: 'fetched' }>): FoundFeed {
  const feed = readFeed(fetched.text, fetched.url);
  if (!feed) return refuseNotAFeed();
  return { feed, url: fetched.url, validators: fetched.validators, bodyHash: fetched.bodyHash };
}

function refuseUnreadable(error: string): never {
  throw new Refusal('unreadable', error, { fields: { url: error } });
}
