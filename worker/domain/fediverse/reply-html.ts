import { fromHtml } from 'hast-util-from-html';
import { type Schema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';

type Tree = ReturnType<typeof sanitize>;

/**
 * Text and links, nothing else: paragraphs, line breaks and http(s) links; every other element is
 * unwrapped to its text, and the ones whose text is code or markup are dropped whole.
 */
const textAndLinks: Schema = {
  tagNames: ['p', 'br', 'a'],
  attributes: { a: ['href'] },
  protocols: { href: ['http', 'https'] },
  strip: ['script', 'style', 'template', 'noscript', 'textarea', 'iframe', 'object', 'svg', 'math'],
  ancestors: {},
  clobber: [],
  required: {},
  allowComments: false,
  allowDoctypes: false,
};

/**
 * Every link of a reply is another person's: not followed by search engines, no opener. A link
 * left with no address (a `javascript:` one) is only its text.
 */
function markLinks(node: Tree) {
  if (!('children' in node)) return;
  const unwrapped = node.children.flatMap((child) =>
    child.type === 'element' && child.tagName === 'a' && !child.properties.href
      ? child.children
      : [child],
  );
  node.children = unwrapped as typeof node.children;
  for (const child of node.children) {
    if (child.type === 'element' && child.tagName === 'a') {
      child.properties.rel = ['nofollow', 'noopener', 'ugc'];
    }
    markLinks(child);
  }
}

/**
 * A reply's HTML as another server sent it, made safe to keep and to show: parsed as a browser
 * would (parse5, by hast-util-from-html), cleaned to text and links (hast-util-sanitize) and
 * written out again.
 */
export function sanitiseReplyHtml(html: string): string {
  const clean = sanitize(fromHtml(html, { fragment: true }), textAndLinks);
  markLinks(clean);
  return toHtml(clean).trim();
}
