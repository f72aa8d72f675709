import type { RenderedScreen } from '../../web/server';
import { escapeHtml, type HeadMeta, renderHeadTags } from '../services/board-meta';

/** Inside `<script type="application/json">`: only a `<` could end the element early. */
function serializeState(state: RenderedScreen['state']): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * A screen rendered on the server, or null if rendering failed: the page is then the plain
 * shell, which the browser renders itself, so a rendering bug costs speed, never the page.
 */
export async function renderedOrNull(render: Promise<RenderedScreen>) {
  try {
    return await render;
  } catch (error) {
    console.error('Server rendering failed; serving the shell instead.', error);
    return null;
  }
}

/**
 * A page of the web app as the Worker serves it: the built shell (index.html, with its hashed
 * scripts and styles) carrying the screen rendered on the server in its root element, the data
 * that screen was drawn from for the browser to hydrate with, and optionally the page's own head:
 * the shell's title text replaced (HTMLRewriter escapes text), its description dropped and ours
 * appended with the other tags, escaped here. Not `setAttribute`: it escapes only the double
 * quote, so a typed `&amp;` would read as `&`.
 */
export function renderShellPage(
  shell: Response,
  page: { screen: RenderedScreen | null; head?: HeadMeta; status: 200 | 404 },
): Response {
  const headers = new Headers(shell.headers);
  // The shell's validators describe the shell, not this page.
  headers.delete('etag');
  headers.delete('last-modified');
  headers.delete('content-length');
  headers.set('cache-control', 'public, max-age=0, must-revalidate');
  const response = new Response(shell.body, { status: page.status, headers });
  const { head, screen } = page;
  const rewriter = new HTMLRewriter().on('#root', {
    element(element) {
      if (!screen) return;
      element.setInnerContent(screen.html, { html: true });
      element.after(
        `<script type="application/json" id="app-state">${serializeState(screen.state)}</script>`,
        { html: true },
      );
    },
  });
  if (!head) return rewriter.transform(response);
  let hasTitle = false;
  return rewriter
    .on('head > title', {
      element(element) {
        hasTitle = true;
        element.setInnerContent(head.title);
      },
    })
    .on('head > meta[name="description"]', {
      element(element) {
        element.remove();
      },
    })
    .on('head', {
      element(element) {
        element.onEndTag((end) => {
          const title = hasTitle ? '' : `<title>${escapeHtml(head.title)}</title>`;
          end.before(title + renderHeadTags(head), { html: true });
        });
      },
    })
    .transform(response);
}
