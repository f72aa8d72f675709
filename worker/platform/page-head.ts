import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { Refusal } from './refusal';

/** What a page's `<head>` says about it, as written there (relative links unresolved). */
export type PageHead = {
  /** `<meta property|name="…" content="…">`, the first of each name, names in lower case. */
  meta: Map<string, string>;
  title: string;
  /** `<link rel="icon">` and its kin, in the order they appear. */
  icons: { href: string; rel: string; type: string }[];
  /** The oEmbed discovery link (`<link rel="alternate" type="application/json+oembed">`). */
  oembed: string | null;
  /** The text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** `<base href>`, which relative links in the page are resolved against. */
  base: string | null;
  /** The feeds the page announces (`<link rel="alternate">` of RSS, Atom or JSON Feed), in order. */
  feeds: string[];
};

const feedTypes = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
]);

const maxPageBytes = 1024 * 1024;

const attribute = (element: Element, name: string) => {
  const value = element.getAttribute(name);
  return value === null ? null : decodeHTMLAttribute(value);
};

const relTokens = (element: Element) =>
  (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/);

function headCollector() {
  const head: PageHead = {
    meta: new Map(),
    title: '',
    icons: [],
    oembed: null,
    jsonLd: [],
    base: null,
    feeds: [],
  };
  let titleSeen = false;
  let jsonLdText = '';
  const rewriter = new HTMLRewriter()
    .on('meta', {
      element(element) {
        const name = (attribute(element, 'property') ?? attribute(element, 'name'))?.toLowerCase();
        const content = attribute(element, 'content');
        if (name && content !== null && !head.meta.has(name)) head.meta.set(name, content);
      },
    })
    .on('title', {
      element() {
        titleSeen = head.title !== '';
      },
      text(text) {
        if (!titleSeen) head.title += text.text;
      },
    })
    .on('link', {
      element(element) {
        const rel = relTokens(element);
        const href = attribute(element, 'href');
        if (!href) return;
        const type = (attribute(element, 'type') ?? '').toLowerCase();
        if (rel.includes('icon') || rel.includes('apple-touch-icon')) {
          head.icons.push({ href, rel: rel.join(' '), type });
        }
        if (rel.includes('alternate') && type === 'application/json+oembed') head.oembed ??= href;
        if (rel.includes('alternate') && feedTypes.has(type)) head.feeds.push(href);
      },
    })
    .on('base', {
      element(element) {
        head.base ??= attribute(element, 'href');
      },
    })
    .on('script[type="application/ld+json"]', {
      text(text) {
        jsonLdText += text.text;
        if (!text.lastInTextNode) return;
        head.jsonLd.push(jsonLdText);
        jsonLdText = '';
      },
    });
  return { head, rewriter };
}

type Reading = { cut: boolean; failure?: unknown };

/**
 * The first `maxBytes` of a stream, after which it ends (cancelling the rest). A failed read (the
 * deadline) ends it too, kept in `reading` for the caller: an error inside HTMLRewriter's own
 * piping would go unhandled.
 */
function firstBytes(body: ReadableStream<Uint8Array>, maxBytes: number, reading: Reading) {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = await reader.read().catch((failure: unknown) => {
        reading.failure = failure;
        return { done: true as const, value: undefined };
      });
      if (read.done) return controller.close();
      const room = maxBytes - seen;
      seen += read.value.byteLength;
      if (read.value.byteLength <= room) return controller.enqueue(read.value);
      controller.enqueue(read.value.subarray(0, room));
      reading.cut = true;
      controller.close();
      await reader.cancel().catch(() => {});
    },
    cancel: (reason) => reader.cancel(reason).catch(() => {}),
  });
}

/**
 * Streams an HTML page through HTMLRewriter and stops reading where its `<head>` ends (or its
 * `<body>` begins): what a page says about itself is there, and the rest may be megabytes.
 * A head that has not ended within 1 MB is refused. `page`: the answer, or the page as text.
 */
export async function readPageHead(page: Response | string): Promise<PageHead> {
  const response = typeof page === 'string' ? new Response(page) : page;
  const { head, rewriter } = headCollector();
  let headEnded = false;
  const reading: Reading = { cut: false };
  const endHead = () => {
    headEnded = true;
  };
  rewriter
    .on('head', { element: (element) => element.onEndTag(endHead) })
    .on('body', { element: endHead });
  const body = firstBytes(response.body ?? new ReadableStream(), maxPageBytes, reading);
  const reader = rewriter
    .transform(new Response(body, { headers: response.headers }))
    .body?.getReader();
  try {
    while (reader && !headEnded) {
      if ((await reader.read()).done) break;
    }
  } finally {
    await reader?.cancel().catch(() => {});
  }
  if (reading.failure) throw reading.failure;
  if (reading.cut && !headEnded) {
    throw new Refusal('unreadable', 'The page is too large to read: its head goes past 1 MB.');
  }
  head.title = decodeHTML(head.title);
  return head;
}
