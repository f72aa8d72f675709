import { isVisibleText } from '../../../schema/fields';
import { maxAvatarBytes } from '../../../schema/images';
import type { UnfurlAnswer } from '../../../schema/unfurl';
import {
  fetchOutside,
  type OutsideFetch,
  outsideFetchDeadlineMs,
  parseLink,
  readAtMost,
} from '../../platform/outside-fetch';
import { type PageHead, readPageHead } from '../../platform/page-head';
import { Refusal } from '../../platform/refusal';
import { sniffImageFormat, storeImage } from '../images/images';

/** What one source of a page's data (its tags, its JSON-LD, its oEmbed) says, each part optional. */
type Facts = {
  title?: unknown;
  description?: unknown;
  siteName?: unknown;
  image?: unknown;
  author?: unknown;
};

type JsonNode = Record<string, unknown>;

const htmlTypes = ['text/html', 'application/xhtml+xml'];
const maxOembedBytes = 64 * 1024;
const maxFaviconBytes = 64 * 1024;
// The block fields each fills: a longer text would only be refused when the block is saved.
const maxLength = { title: 120, description: 2000, siteName: 160, author: 160 };
// Kinds of node that describe the site or the page's furniture, not what the page is about.
const supportingTypes = new Set([
  'WebSite',
  'Organization',
  'BreadcrumbList',
  'ImageObject',
  'Person',
  'SearchAction',
]);

const hiddenCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/gu;

/** One line of visible text at most `max` long (cut with an ellipsis), or null when empty. */
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  let text = value.replace(/\s+/g, ' ').replace(hiddenCharacters, '').trim();
  if (!isVisibleText(text)) text = text.replace(/[\u200C\u200D]/g, '');
  if (!text) return null;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function firstText(values: unknown[], max: number): string | null {
  for (const value of values) {
    const text = cleanText(value, max);
    if (text) return text;
  }
  return null;
}

function jsonLdNodes(texts: string[]): JsonNode[] {
  const nodes: JsonNode[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    nodes.push(value as JsonNode);
    visit((value as JsonNode)['@graph']);
  };
  for (const text of texts) {
    try {
      visit(JSON.parse(text));
    } catch {
      // A malformed block says nothing; the others still may.
    }
  }
  return nodes;
}

const typesOf = (node: JsonNode) => [node['@type']].flat().map(String);

/** An image as JSON-LD writes one: a URL, an ImageObject, or a list of either. */
function imageOf(value: unknown): unknown {
  if (Array.isArray(value)) return imageOf(value[0]);
  if (typeof value === 'object' && value !== null) {
    const image = value as JsonNode;
    return image.url ?? image.contentUrl;
  }
  return value;
}

/** A JSON-LD author: a name, a Person or Organization, or a list of them (the first). */
function authorOf(value: unknown): unknown {
  if (Array.isArray(value)) return authorOf(value[0]);
  if (typeof value === 'object' && value !== null) return (value as JsonNode).name;
  return value;
}

/** An author tag often holds a link to a profile page, which names nobody. */
const nameNotLink = (value: unknown) =>
  typeof value === 'string' && !/^https?:\/\//i.test(value.trim()) ? value : undefined;

function jsonLdFacts(texts: string[]): Facts {
  const nodes = jsonLdNodes(texts);
  const main =
    nodes.find(
      (node) =>
        (node.headline ?? node.name) && !typesOf(node).some((type) => supportingTypes.has(type)),
    ) ?? {};
  const site = nodes.find((node) => typesOf(node).includes('WebSite'));
  const publisher = main.publisher as JsonNode | undefined;
  return {
    title: main.headline ?? main.name,
    description: main.description,
    siteName: site?.name ?? publisher?.name,
    image: imageOf(main.image ?? main.thumbnailUrl),
    author: nameNotLink(authorOf(main.author)),
  };
}

function tagFacts(head: PageHead): { og: Facts; twitter: Facts } {
  const meta = (name: string) => head.meta.get(name);
  return {
    og: {
      title: meta('og:title'),
      description: meta('og:description'),
      siteName: meta('og:site_name'),
      image: meta('og:image') ?? meta('og:image:url') ?? meta('og:image:secure_url'),
      author: nameNotLink(meta('book:author')) ?? nameNotLink(meta('article:author')),
    },
    twitter: {
      title: meta('twitter:title'),
      description: meta('twitter:description'),
      image: meta('twitter:image') ?? meta('twitter:image:src'),
    },
  };
}

/** The page's oEmbed answer, read only when its tags left out a title or a picture. */
async function oembedFacts(link: URL | null, options: OutsideFetch): Promise<Facts> {
  if (!link) return {};
  try {
    const { response } = await fetchOutside(link, { ...options, accept: 'application/json' });
    const bytes = response.ok ? await readAtMost(response, maxOembedBytes) : undefined;
    if (!bytes) return {};
    const oembed = JSON.parse(new TextDecoder().decode(bytes)) as JsonNode;
    return { title: oembed.title, siteName: oembed.provider_name, image: oembed.thumbnail_url };
  } catch {
    return {};
  }
}

function resolver(head: PageHead, pageUrl: URL) {
  const base =
    head.base && URL.canParse(head.base, pageUrl) ? new URL(head.base, pageUrl) : pageUrl;
  return (href: unknown) =>
    typeof href === 'string' && URL.canParse(href.trim(), base) ? new URL(href.trim(), base) : null;
}

/** The icon a browser tab would show, leaving out SVG (not an image we take), else /favicon.ico. */
function faviconLink(head: PageHead, resolve: ReturnType<typeof resolver>): URL | null {
  const raster = head.icons.filter(
    (icon) => icon.type !== 'image/svg+xml' && !/\.svg(\?|#|$)/i.test(icon.href),
  );
  const icon = raster.find((candidate) => candidate.rel.split(' ').includes('icon')) ?? raster[0];
  return resolve(icon?.href ?? '/favicon.ico');
}

async function fetchImageBytes(link: URL | null, allowPrivate: boolean, maxBytes: number) {
  if (!link) return undefined;
  const signal = AbortSignal.timeout(outsideFetchDeadlineMs);
  const { response } = await fetchOutside(link, { allowPrivate, signal, accept: 'image/*' });
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  return readAtMost(response, maxBytes);
}

/**
 * Copies the page's picture into our R2 under the avatar's rules (a real image by its bytes, at
 * most 2 MB), so a board never loads another site's image. Any failure just leaves no picture.
 */
async function copyImage(env: Env, userId: number, link: URL | null): Promise<string | null> {
  try {
    const bytes = await fetchImageBytes(link, allowsPrivate(env), maxAvatarBytes);
    return bytes ? await storeImage(env, 'blocks', userId, bytes) : null;
  } catch {
    return null;
  }
}

const isIcon = (bytes: Uint8Array) =>
  bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0;

/** The site's icon inline as a `data:` URL: too small to store, and never loaded from the site. */
async function faviconData(env: Env, link: URL | null): Promise<string | null> {
  try {
    const bytes = await fetchImageBytes(link, allowsPrivate(env), maxFaviconBytes);
    if (!bytes) return null;
    const type = sniffImageFormat(bytes)?.contentType ?? (isIcon(bytes) ? 'image/x-icon' : null);
    if (!type) return null;
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return `data:${type};base64,${btoa(binary)}`;
  } catch {
    return null;
  }
}

const allowsPrivate = (env: Env) => env.UNFURL_PRIVATE_ADDRESSES === 'true';

async function readPage(link: URL, options: OutsideFetch) {
  try {
    const { response, url } = await fetchOutside(link, options);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (!response.ok) {
      await response.body?.cancel();
      throw new Refusal('unreadable', `The page answered with an error (HTTP ${response.status}).`);
    }
    if (!htmlTypes.includes(type ?? '')) {
      await response.body?.cancel();
      throw new Refusal('unreadable', `The link leads to ${type || 'a file'}, not a web page.`);
    }
    return { head: await readPageHead(response), url };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (options.signal.aborted) {
      throw new Refusal('unreadable', 'The page took longer than 5 seconds to answer.');
    }
    throw new Refusal('unreadable', 'The page could not be reached.', { cause: error });
  }
}

/**
 * What the page at `link` says about itself (Open Graph, Twitter card, JSON-LD, oEmbed, its
 * title and icon, in that order of trust), read within 5 seconds and 1 MB, with its picture
 * copied into our R2 for `userId`.
 */
export async function unfurl(env: Env, userId: number, link: string): Promise<UnfurlAnswer> {
  const options: OutsideFetch = {
    allowPrivate: allowsPrivate(env),
    signal: AbortSignal.timeout(outsideFetchDeadlineMs),
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  };
  const { head, url } = await readPage(parseLink(link, options.allowPrivate), options);
  const resolve = resolver(head, url);
  const { og, twitter } = tagFacts(head);
  const jsonLd = jsonLdFacts(head.jsonLd);
  const tagged = [og, twitter, jsonLd];
  const needsOembed =
    !tagged.some((facts) => cleanText(facts.title, 1)) || !tagged.some((facts) => facts.image);
  const oembed = needsOembed ? await oembedFacts(resolve(head.oembed), options) : {};
  const sources = [...tagged, oembed];
  const image = resolve(
    sources.map((facts) => facts.image).find((value) => typeof value === 'string'),
  );
  const [imageUrl, favicon] = await Promise.all([
    copyImage(env, userId, image),
    faviconData(env, faviconLink(head, resolve)),
  ]);
  return {
    title: firstText([...sources.map((facts) => facts.title), head.title], maxLength.title),
    description: firstText(
      [...sources.map((facts) => facts.description), head.meta.get('description')],
      maxLength.description,
    ),
    siteName: firstText(
      [...sources.map((facts) => facts.siteName), head.meta.get('application-name')],
      maxLength.siteName,
    ),
    author: firstText(
      [...sources.map((facts) => facts.author), nameNotLink(head.meta.get('author'))],
      maxLength.author,
    ),
    imageUrl,
    favicon,
  };
}
