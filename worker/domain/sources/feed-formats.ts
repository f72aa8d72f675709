import { decodeHTML, decodeHTMLAttribute, decodeXML } from 'entities';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { type BlockStatus, maxReviewLength, type SourceKind } from '../../../schema/block-values';
import { Refusal } from '../../platform/refusal';

/** What an item of a feed is on a board: a book, a film, or a link. */
export type EntryLook = 'book' | 'film' | 'link';

/**
 * One item of a feed, read: `key` names it across the board (the block's import key), so the same
 * book or film is one block whichever feed brings it; `shelf` is the status it takes.
 */
export type FeedEntry = {
  key: string;
  shelf: BlockStatus;
  /** The shelf's name at the source ("to-read", "diary"…), as the preview lists it. */
  shelfName: string;
  look: EntryLook;
  title: string;
  subtitle: string | null;
  externalUrl: string | null;
  /** The picture at the source; copied into our store before a block shows it. */
  imageUrl: string | null;
  /** When it entered its shelf (watched, read, shelved, published), in ms. */
  statusAt: number | null;
  rating: number | null;
  /** What the person wrote of it (a Letterboxd diary entry's review), as plain text. */
  review: string | null;
  /** A Letterboxd diary entry of a film seen before. */
  rewatch?: boolean;
};

/** A feed as read: what it is, its title and link, and its items, newest first as the feed lists them. */
export type ReadFeed = {
  kind: SourceKind;
  title: string;
  link: string | null;
  entries: FeedEntry[];
};

type XmlNode = Record<string, unknown>;

const atomNamespace = 'http://www.w3.org/2005/Atom';

/**
 * Entities are never expanded: a DOCTYPE's own entities (XXE, "billion laughs") stay as written,
 * and only XML's five and numeric references are decoded (`textOf`). Nothing is fetched.
 * Titles are kept as written (stop nodes): an Atom title of `type="xhtml"` is markup whose order
 * matters, and `prefix` names the prefix of an Atom feed written as `<atom:feed>`.
 */
function xmlParser(prefix = '') {
  const named = (name: string) => `${prefix}${name}`;
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    stopNodes: [`*.${named('title')}`],
    isArray: (name) => ['item', 'entry', 'link', 'category'].map(named).includes(name),
  });
}

const xml = xmlParser();

const maxItems = 100;
const hiddenCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/gu;

/** A node's content as written in the document (a title's markup and CDATA sections included). */
function rawOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return rawOf(node[0]);
  if (node && typeof node === 'object') return rawOf((node as XmlNode)['#text']);
  return '';
}

const cdataSection = /<!\[CDATA\[([\s\S]*?)\]\]>/g;

/** A node's text: its XML references decoded, its CDATA sections taken as written; '' for none. */
function textOf(node: unknown): string {
  const raw = rawOf(node);
  if (!raw.includes('<![CDATA[')) return decodeXML(raw);
  let text = '';
  let from = 0;
  for (const section of raw.matchAll(cdataSection)) {
    text += decodeXML(raw.slice(from, section.index)) + section[1];
    from = section.index + section[0].length;
  }
  return text + decodeXML(raw.slice(from));
}

/** Text as one line a reader sees: hidden characters dropped, at most `max` long. */
function textLine(text: string, max: number): string {
  const line = text.replace(hiddenCharacters, '').replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

// Elements that part words (a paragraph, a line break, a picture); the others (a link, a hashtag's
// span, bold) sit inside a line, so "#<span>lamps</span>" reads "#lamps".
const partingTag =
  /<\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|script|section|style|table|td|th|tr|ul)\b[^>]*>/gi;
const withoutTags = (html: string) => html.replace(partingTag, ' ').replace(/<[^>]*>/g, '');

/** HTML as the text a reader sees: tags dropped, entities decoded, one line, at most `max` long. */
function plainText(html: string, max: number): string {
  return textLine(withoutTags(decodeHTML(withoutTags(html))), max);
}

/**
 * An Atom text construct (a title) as the text a reader sees, by its `type`: `text` is text as
 * it stands ("a <b>" stays whole), `html` is HTML escaped in XML, `xhtml` is markup in the XML.
 */
function atomText(node: unknown, max: number): string {
  const type = node && typeof node === 'object' ? (node as XmlNode)['@type'] : undefined;
  if (type === 'xhtml') return plainText(rawOf(node), max);
  if (type === 'html') return plainText(textOf(node), max);
  return textLine(textOf(node), max);
}

const firstImage = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** The first picture an HTML description shows. */
function imageIn(html: string): string | null {
  const match = firstImage.exec(html);
  const src = match?.[1] ?? match?.[2];
  return src ? decodeHTMLAttribute(src) : null;
}

/** A link in the feed, made absolute against the feed's address; null unless http(s). */
function absoluteLink(link: string | null | undefined, base: string): string | null {
  if (!link || !URL.canParse(link.trim(), base)) return null;
  const url = new URL(link.trim(), base);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

function timeOf(value: string): number | null {
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

/** Stars from ½ to 5 in half steps; anything else is no rating. */
function starsOf(value: string): number | null {
  const stars = Number(value.trim() || Number.NaN);
  return stars >= 0.5 && stars <= 5 && Number.isInteger(stars * 2) ? stars : null;
}

const itemsOf = (parent: XmlNode | undefined, name: string) =>
  ((parent?.[name] as XmlNode[] | undefined) ?? []).slice(0, maxItems);

/** The prefix a document gives a namespace (`xmlns:lb="https://letterboxd.com"`), if it declares it. */
function prefixOf(root: XmlNode, uri: string): string | null {
  for (const [name, value] of Object.entries(root)) {
    if (name.startsWith('@xmlns:') && typeof value === 'string' && value.startsWith(uri)) {
      return name.slice('@xmlns:'.length);
    }
  }
  return null;
}

// Letterboxd: a diary entry's link is /<member>/film/<slug>/ (or …/<slug>/<n>/ for a rewatch).
const letterboxdFilmPath = /\/film\/([^/]+)\//;

const paragraphs = /<p\b[^>]*>([\s\S]*?)<\/p>/gi;
// What Letterboxd writes around a review: the poster, the date watched, a spoiler warning.
const notTheReview = /^(Watched on .*\.|This review may contain spoilers\.)$/;

/** The review a Letterboxd diary entry's description holds: its paragraphs but the poster and notes. */
function letterboxdReview(description: string): string | null {
  const review = [...description.matchAll(paragraphs)]
    .filter(([paragraph]) => !imageIn(paragraph))
    .map(([, html]) => plainText(html ?? '', maxReviewLength))
    .filter((text) => text && !notTheReview.test(text))
    .join('\n\n');
  if (!review) return null;
  return review.length <= maxReviewLength
    ? review
    : `${review.slice(0, maxReviewLength - 1).trimEnd()}…`;
}

function letterboxdEntries(channel: XmlNode, prefix: string, base: string): FeedEntry[] {
  const field = (item: XmlNode, name: string) => textOf(item[`${prefix}:${name}`]);
  return itemsOf(channel, 'item').flatMap((item): FeedEntry[] => {
    const film = plainText(field(item, 'filmTitle'), 120);
    const link = absoluteLink(textOf(item.link), base);
    const slug = link ? letterboxdFilmPath.exec(new URL(link).pathname)?.[1] : undefined;
    // A list or a review of something else: not a film watched.
    if (!film || !slug || !link) return [];
    return [
      {
        key: `letterboxd-film:${slug}`,
        shelf: 'done',
        shelfName: 'diary',
        look: 'film',
        title: film,
        subtitle: plainText(field(item, 'filmYear'), 160) || null,
        externalUrl: new URL(`/film/${slug}/`, link).href,
        imageUrl: absoluteLink(imageIn(textOf(item.description)), base),
        statusAt: timeOf(field(item, 'watchedDate')) ?? timeOf(textOf(item.pubDate)),
        rating: starsOf(field(item, 'memberRating')),
        review: letterboxdReview(textOf(item.description)),
        rewatch: field(item, 'rewatch').trim().toLowerCase() === 'yes',
      },
    ];
  });
}

const goodreadsShelves: Record<string, BlockStatus> = {
  'to-read': 'planned',
  'currently-reading': 'now',
  read: 'done',
};

/** The shelf a Goodreads list is of (`?shelf=read`), when its address names one of the three. */
function goodreadsListShelf(...links: (string | null)[]): string | null {
  for (const link of links) {
    if (!link || !URL.canParse(link)) continue;
    const shelf = new URL(link).searchParams.get('shelf');
    if (shelf && shelf in goodreadsShelves) return shelf;
  }
  return null;
}

/**
 * Which shelf a Goodreads book is on: the exclusive shelf its `user_shelves` names, else the one
 * the list is of, else read when it has a date read; a book on none of them is read (Goodreads
 * leaves `user_shelves` empty for its default shelf).
 */
function goodreadsShelf(item: XmlNode, listShelf: string | null): string {
  const named = textOf(item.user_shelves)
    .split(',')
    .map((shelf) => shelf.trim())
    .find((shelf) => shelf in goodreadsShelves);
  if (named) return named;
  if (listShelf) return listShelf;
  return 'read';
}

function goodreadsEntries(channel: XmlNode, base: string): FeedEntry[] {
  const listShelf = goodreadsListShelf(base, textOf(channel.link));
  return itemsOf(channel, 'item').flatMap((item): FeedEntry[] => {
    const bookId = textOf(item.book_id).trim();
    const title = plainText(textOf(item.title), 120);
    if (!/^\d+$/.test(bookId) || !title) return [];
    const shelfName = goodreadsShelf(item, listShelf);
    const shelf = goodreadsShelves[shelfName] ?? 'done';
    const readAt = timeOf(textOf(item.user_read_at));
    const addedAt = timeOf(textOf(item.user_date_added)) ?? timeOf(textOf(item.pubDate));
    return [
      {
        key: `goodreads:${bookId}`,
        shelf,
        shelfName,
        look: 'book',
        title,
        subtitle: plainText(textOf(item.author_name), 160) || null,
        externalUrl: `https://www.goodreads.com/book/show/${bookId}`,
        imageUrl: absoluteLink(
          textOf(item.book_large_image_url) ||
            textOf(item.book_medium_image_url) ||
            textOf(item.book_image_url),
          base,
        ),
        statusAt: shelf === 'done' ? (readAt ?? addedAt) : addedAt,
        rating: starsOf(textOf(item.user_rating)),
        review: null,
      },
    ];
  });
}

const bookwyrmShelves: Record<string, BlockStatus> = {
  'to-read': 'planned',
  reading: 'now',
  read: 'done',
};
// A BookWyrm shelf's feed: /user/<name>/books/<shelf>/rss (links to /user/<name>/books/<shelf>).
const bookwyrmShelfPath = /\/user\/[^/]+\/(?:books|shelf)\/([^/]+)\/?(?:rss\/?)?$/;
// A BookWyrm member's status feed: /user/<name>/rss, "Status updates from <name>".
const bookwyrmActivity = /\b(wants to read|started reading|finished reading)\s+(.+)$/i;
const bookwyrmVerbs: Record<string, [BlockStatus, string]> = {
  'wants to read': ['planned', 'to-read'],
  'started reading': ['now', 'reading'],
  'finished reading': ['done', 'read'],
};

/** BookWyrm's book: its title on its instance, the same book whichever of its feeds names it. */
const bookwyrmKey = (host: string, title: string) => `bookwyrm:${host}:${title.toLowerCase()}`;

function bookwyrmShelfOf(channel: XmlNode, base: string): string | null {
  for (const link of [textOf(channel.link), base]) {
    const url = absoluteLink(link, base);
    const shelf = url ? bookwyrmShelfPath.exec(new URL(url).pathname)?.[1] : undefined;
    if (shelf) return shelf;
  }
  return null;
}

function isBookwyrm(channel: XmlNode, base: string): boolean {
  return (
    bookwyrmShelfOf(channel, base) !== null ||
    /^Status updates from /.test(textOf(channel.title).trim())
  );
}

function bookwyrmEntries(channel: XmlNode, base: string): FeedEntry[] {
  const host = new URL(base).host;
  const shelfName = bookwyrmShelfOf(channel, base);
  return itemsOf(channel, 'item').flatMap((item): FeedEntry[] => {
    const heading = plainText(textOf(item.title), 400);
    const link = absoluteLink(textOf(item.link), base);
    const at = timeOf(textOf(item.pubDate));
    const description = textOf(item.description);
    if (shelfName) {
      const shelf = bookwyrmShelves[shelfName];
      // "Author: Title", as BookWyrm titles a shelf's books.
      const [author, ...rest] = heading.split(': ');
      const title = plainText(rest.length > 0 ? rest.join(': ') : heading, 120);
      if (!shelf || !title) return [];
      return [
        {
          key: bookwyrmKey(host, title),
          shelf,
          shelfName,
          look: 'book',
          title,
          subtitle: rest.length > 0 ? plainText(author ?? '', 160) || null : null,
          externalUrl: link,
          imageUrl: absoluteLink(imageIn(description), base),
          statusAt: at,
          rating: null,
          review: null,
        },
      ];
    }
    const activity = bookwyrmActivity.exec(heading);
    const verb = bookwyrmVerbs[activity?.[1]?.toLowerCase() ?? ''];
    const title = plainText(activity?.[2] ?? '', 120);
    if (!verb || !title) return [];
    return [
      {
        key: bookwyrmKey(host, title),
        shelf: verb[0],
        shelfName: verb[1],
        look: 'book',
        title,
        subtitle: null,
        externalUrl: link,
        imageUrl: absoluteLink(imageIn(description), base),
        statusAt: at,
        rating: null,
        review: null,
      },
    ];
  });
}

/**
 * An item of any feed: a post, a commit, a video. Keyed by the feed's address and its id; its
 * title is the text a reader sees.
 */
function feedEntry(
  feedUrl: string,
  item: {
    id: string;
    title: string;
    link: string | null;
    imageUrl: string | null;
    at: number | null;
  },
): FeedEntry[] {
  const title = textLine(item.title, 120);
  const id = item.id || item.link;
  if (!title || !id) return [];
  return [
    {
      key: `feed:${feedUrl}#${id}`,
      shelf: 'done',
      shelfName: 'items',
      look: 'link',
      title,
      subtitle: null,
      externalUrl: item.link,
      imageUrl: item.imageUrl,
      statusAt: item.at,
      rating: null,
      review: null,
    },
  ];
}

/** An RSS 2.0 item's `<guid>` when it is the item's address: isPermaLink true or absent. */
function permalinkOf(item: XmlNode, base: string): string | null {
  const guid = item.guid as unknown;
  const isPermaLink = guid && typeof guid === 'object' ? (guid as XmlNode)['@isPermaLink'] : null;
  return isPermaLink === 'false' ? null : absoluteLink(textOf(guid), base);
}

function rssItems(channel: XmlNode, base: string, dublinCore: string): FeedEntry[] {
  return itemsOf(channel, 'item').flatMap((item) => {
    const link = absoluteLink(textOf(item.link), base) ?? permalinkOf(item, base);
    const enclosure = item.enclosure as XmlNode | undefined;
    const media = (item['media:thumbnail'] ?? item['media:content']) as XmlNode | undefined;
    const picture =
      (String(enclosure?.['@type'] ?? '').startsWith('image/') ? enclosure?.['@url'] : null) ??
      media?.['@url'];
    return feedEntry(base, {
      id: textOf(item.guid).trim(),
      // RSS 2.0 asks an item for a title or a description: one without a title is its text.
      title: plainText(textOf(item.title) || textOf(item.description), 120),
      link,
      imageUrl: absoluteLink(
        typeof picture === 'string' ? picture : imageIn(textOf(item.description)),
        base,
      ),
      at: timeOf(textOf(item.pubDate)) ?? timeOf(textOf(item[`${dublinCore}:date`])),
    });
  });
}

// A GitHub member's activity (github.com/<name>.atom): each entry an event, its id naming its kind.
const githubEvent = /^tag:github\.com,2008:(\w+Event)\/\d+$/;
// The events of a member's own work on a project; stars, follows and comments are not.
const githubProjectEvents = new Set([
  'PushEvent',
  'CreateEvent',
  'PullRequestEvent',
  'ReleaseEvent',
  'PublicEvent',
]);
const githubRepositoryPath = /^\/([\w.-]+)\/([\w.-]+)(?:\/|$)/;

const isGithubActivity = (entries: XmlNode[]) =>
  entries.length > 0 && entries.every((entry) => githubEvent.test(textOf(entry.id).trim()));

/**
 * The projects a GitHub member worked on, newest first: one entry per repository (pushed to,
 * created, released, a pull request opened), its latest event as subtitle.
 */
function githubProjects(entries: XmlNode[], base: string): FeedEntry[] {
  return entries.flatMap((entry): FeedEntry[] => {
    const event = githubEvent.exec(textOf(entry.id).trim())?.[1] ?? '';
    const link = atomLink(entry, baseOf(entry, base));
    const repository = link ? githubRepositoryPath.exec(new URL(link).pathname) : null;
    if (!githubProjectEvents.has(event) || !link || !repository) return [];
    const name = `${repository[1]}/${repository[2]}`;
    return [
      {
        key: `github-repo:${name.toLowerCase()}`,
        shelf: 'now',
        shelfName: 'projects',
        look: 'link',
        title: name,
        subtitle: atomText(entry.title, 160) || null,
        externalUrl: new URL(`/${name}`, link).href,
        // The entry's picture is the member's avatar, not the project's.
        imageUrl: null,
        statusAt: timeOf(textOf(entry.published) || textOf(entry.updated)),
        rating: null,
        review: null,
      },
    ];
  });
}

/** The address relative links of an element are resolved against: its `xml:base`, else its parent's. */
function baseOf(node: XmlNode, parentBase: string): string {
  return absoluteLink(node['@xml:base'] as string | undefined, parentBase) ?? parentBase;
}

/** Atom's link to the page itself: rel alternate, or no rel. */
function atomLink(node: XmlNode, base: string): string | null {
  const links = (node.link as XmlNode[] | undefined) ?? [];
  const page = links.find((link) => !link['@rel'] || link['@rel'] === 'alternate');
  return page ? absoluteLink(page['@href'] as string | undefined, baseOf(page, base)) : null;
}

function readAtom(feed: XmlNode, feedUrl: string): ReadFeed {
  const feedBase = baseOf(feed, feedUrl);
  const title = atomText(feed.title, 400);
  const link = atomLink(feed, feedBase);
  if (isGithubActivity(itemsOf(feed, 'entry'))) {
    return {
      kind: 'github',
      title,
      link,
      entries: githubProjects(itemsOf(feed, 'entry'), feedBase),
    };
  }
  const entries = itemsOf(feed, 'entry').flatMap((entry) => {
    const base = baseOf(entry, feedBase);
    const thumbnail = (entry['media:thumbnail'] ??
      (entry['media:group'] as XmlNode | undefined)?.['media:thumbnail']) as XmlNode | undefined;
    return feedEntry(feedUrl, {
      id: textOf(entry.id).trim(),
      title: atomText(entry.title, 120),
      link: atomLink(entry, base),
      imageUrl: absoluteLink(
        (thumbnail?.['@url'] as string | undefined) ??
          imageIn(textOf(entry.content) || textOf(entry.summary)),
        base,
      ),
      at: timeOf(textOf(entry.published) || textOf(entry.updated)),
    });
  });
  return { kind: 'feed', title, link, entries };
}

function readRss(root: XmlNode, base: string): ReadFeed {
  const channel = (root.channel ?? {}) as XmlNode;
  const title = plainText(textOf(channel.title), 400);
  const link = absoluteLink(textOf(channel.link), base);
  const letterboxd = prefixOf(root, 'https://letterboxd.com');
  const items = itemsOf(channel, 'item');
  if (letterboxd) {
    return {
      kind: 'letterboxd',
      title,
      link,
      entries: letterboxdEntries(channel, letterboxd, base),
    };
  }
  if (items.some((item) => 'book_id' in item && 'user_shelves' in item)) {
    return { kind: 'goodreads', title, link, entries: goodreadsEntries(channel, base) };
  }
  if (isBookwyrm(channel, base)) {
    return { kind: 'bookwyrm', title, link, entries: bookwyrmEntries(channel, base) };
  }
  const dublinCore = prefixOf(root, 'http://purl.org/dc/elements/1.1/') ?? 'dc';
  return { kind: 'feed', title, link, entries: rssItems(channel, base, dublinCore) };
}

/**
 * RSS 1.0 (RDF), as older blogs still write it: the items sit beside the channel, each named by
 * its `rdf:about` and dated by Dublin Core's `dc:date`.
 */
function readRdf(root: XmlNode, base: string): ReadFeed {
  const channel = (root.channel ?? {}) as XmlNode;
  const entries = itemsOf(root, 'item').flatMap((item) =>
    feedEntry(base, {
      id: String(item['@rdf:about'] ?? '').trim(),
      title: plainText(textOf(item.title), 120),
      link: absoluteLink(textOf(item.link), base),
      imageUrl: absoluteLink(
        imageIn(textOf(item['content:encoded']) || textOf(item.description)),
        base,
      ),
      at: timeOf(textOf(item['dc:date'])),
    }),
  );
  const link = absoluteLink(textOf(channel.link), base);
  return { kind: 'feed', title: plainText(textOf(channel.title), 400), link, entries };
}

const jsonFeed = z.object({
  version: z.string().startsWith('https://jsonfeed.org/version/'),
  title: z.string().catch(''),
  home_page_url: z.string().optional().catch(undefined),
  items: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String).catch(''),
        url: z.string().optional().catch(undefined),
        title: z.string().optional().catch(undefined),
        content_text: z.string().optional().catch(undefined),
        content_html: z.string().optional().catch(undefined),
        summary: z.string().optional().catch(undefined),
        image: z.string().optional().catch(undefined),
        banner_image: z.string().optional().catch(undefined),
        date_published: z.string().optional().catch(undefined),
      }),
    )
    .catch([]),
});

function readJsonFeed(text: string, base: string): ReadFeed | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const feed = jsonFeed.safeParse(parsed);
  if (!feed.success) return null;
  const entries = feed.data.items.slice(0, maxItems).flatMap((item) =>
    feedEntry(base, {
      id: item.id,
      // A JSON Feed item may have no title (a micro-post): its text stands in.
      title: plainText(
        item.title ?? item.summary ?? item.content_text ?? item.content_html ?? '',
        120,
      ),
      link: absoluteLink(item.url, base),
      imageUrl: absoluteLink(
        item.image ?? item.banner_image ?? imageIn(item.content_html ?? ''),
        base,
      ),
      at: item.date_published ? timeOf(item.date_published) : null,
    }),
  );
  return {
    kind: 'feed',
    title: plainText(feed.data.title, 400),
    link: absoluteLink(feed.data.home_page_url, base),
    entries,
  };
}

/** The prefix of an Atom feed written with one (`<atom:feed xmlns:atom="…Atom">`), if it is one. */
function prefixedAtomRoot(document: XmlNode): string | null {
  for (const [name, node] of Object.entries(document)) {
    const [prefix, local] = name.split(':');
    if (local !== 'feed' || !node || typeof node !== 'object') continue;
    if ((node as XmlNode)[`@xmlns:${prefix}`] === atomNamespace) return prefix ?? null;
  }
  return null;
}

/** A node with `prefix:` taken off its elements' names, all the way down. */
function unprefixed(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((child) => unprefixed(child, prefix));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, child]) => [
      name.startsWith(`${prefix}:`) ? name.slice(prefix.length + 1) : name,
      unprefixed(child, prefix),
    ]),
  );
}

const byteOrderMarks: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/** The `charset` a Content-Type names (`application/rss+xml; charset=windows-1252`). */
function charsetOf(contentType: string): string | null {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
}

/** The `encoding` of an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`). */
function declaredEncodingOf(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1] ?? null;
}

/**
 * A feed's bytes as text, in the encoding it declares: its byte order mark, else the charset of
 * its Content-Type, else its XML declaration, else UTF-8. An encoding nobody knows is read as
 * UTF-8.
 */
export function feedText(bytes: Uint8Array, contentType: string): string {
  const marked = byteOrderMarks.find(([mark]) => mark.every((byte, at) => bytes[at] === byte));
  const label = marked?.[1] ?? charsetOf(contentType) ?? declaredEncodingOf(bytes) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

const notAFeed =
  'This link is not a feed we can read: paste the address of an RSS, Atom or JSON feed, or of a page that announces one.';

/**
 * Reads a feed by its content, whatever its server calls it: a Letterboxd diary (its
 * `letterboxd:` namespace), a Goodreads shelf (`book_id`, `user_shelves`), a BookWyrm shelf or
 * status feed, or any RSS 2.0, RSS 1.0, Atom or JSON Feed. `url` is where it was fetched (links in it are
 * resolved against it). Null when the text is none of them.
 */
export function readFeed(text: string, url: string): ReadFeed | null {
  const start = text.trimStart();
  if (start.startsWith('{')) return readJsonFeed(start, url);
  if (!start.startsWith('<')) return null;
  let document: XmlNode;
  try {
    document = xml.parse(start) as XmlNode;
  } catch {
    return null;
  }
  if (document.rss && typeof document.rss === 'object')
    return readRss(document.rss as XmlNode, url);
  if (document.feed && typeof document.feed === 'object')
    return readAtom(document.feed as XmlNode, url);
  const atomPrefix = prefixedAtomRoot(document);
  if (atomPrefix) {
    const atom = xmlParser(`${atomPrefix}:`).parse(start) as XmlNode;
    return readAtom(unprefixed(atom[`${atomPrefix}:feed`], atomPrefix) as XmlNode, url);
  }
  const rdf = document['rdf:RDF'];
  if (rdf && typeof rdf === 'object') return readRdf(rdf as XmlNode, url);
  return null;
}

/** The feed's title as text, or its host when it has none. */
export function titleOf(feed: ReadFeed, url: string): string {
  const title = textLine(feed.title, 120);
  if (title) return title;
  return new URL(url).host;
}

export function refuseNotAFeed(): never {
  throw new Refusal('unreadable', notAFeed, { fields: { url: notAFeed } });
}
