import type { RenderedScreen } from '../../schema/rendered-screen';
import { viewerScript } from '../../web/server';
import { revalidateEachTime } from '../platform/edge-cache';
import { escapeHtml, type HeadMeta, renderHeadTags } from './board-meta';

/** Inside `<script type="application/json">`: only a `<` could end the element early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The built app shell (index.html, served as itself: `html_handling = "none"`), which every
 * rendered page wraps. Not ok when there is no build (dist/ missing): its own answer then says
 * more than a rewritten error page would.
 */
export function fetchAppShell(env: Env, requestUrl: string): Promise<Response> {
  return env.ASSETS.fetch(new URL('/index.html', requestUrl));
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

type AppModules = { entry: string | null; preload: string[]; stylesheet: string | null };

/**
 * The page reads with no script, so the app's entry (and its preloads) leave the head for a list
 * (#app-modules) that web/reader.ts loads from when the visitor needs the app. The reader's own
 * small module stays, and the viewer script (web/inline-scripts/viewer.ts) goes first: it tells
 * who is looking before the first paint. Its hash is in the page's CSP (`appPageScriptHashes`).
 * The page is styled by the reader's stylesheet, which the reader's script names
 * (`data-stylesheet`, vite.config.ts): the app's whole stylesheet joins the list, and web/reader.ts
 * loads it before the app.
 */
function deferAppModules(rewriter: HTMLRewriter): HTMLRewriter {
  const modules: AppModules = { entry: null, preload: [], stylesheet: null };
  let readerHref: string | null = null;
  return (
    rewriter
      .on('head', {
        element(element) {
          element.prepend(`<script>${viewerScript}</script>`, { html: true });
        },
      })
      .on('head > script[data-reader]', {
        element(element) {
          readerHref = element.getAttribute('data-stylesheet');
        },
      })
      // index.html marks the reader's script `data-reader`; the other module script is the app.
      .on('head > script[type="module"][src]:not([data-reader])', {
        element(element) {
          modules.entry = element.getAttribute('src');
          element.remove();
        },
      })
      .on('head > link[rel="modulepreload"][href]', {
        element(element) {
          modules.preload.push(element.getAttribute('href') ?? '');
          element.remove();
        },
      })
      .on('head > link[rel="stylesheet"][href]', {
        element(element) {
          if (!readerHref) return;
          modules.stylesheet = element.getAttribute('href');
          element.setAttribute('href', readerHref);
        },
      })
      .on('body', {
        element(element) {
          element.onEndTag((end) => {
            end.before(
              `<script type="application/json" id="app-modules">${jsonForScript(modules)}</script>`,
              { html: true },
            );
          });
        },
      })
  );
}

/** The head's title text replaced (HTMLRewriter escapes text), its description swapped for ours. */
function rewriteHead(rewriter: HTMLRewriter, head: HeadMeta): HTMLRewriter {
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
        // Escaped here, not with `setAttribute`: it escapes only the double quote, so a typed
        // `&amp;` would read as `&`.
        element.onEndTag((end) => {
          const title = hasTitle ? '' : `<title>${escapeHtml(head.title)}</title>`;
          end.before(title + renderHeadTags(head), { html: true });
        });
      },
    });
}

/**
 * A page of the web app as the Worker serves it: the built shell (index.html, with its hashed
 * scripts and styles) carrying the screen rendered on the server in its root element and the data
 * that screen was drawn from, for the browser to hydrate with; optionally the page's own head.
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
  headers.set('cache-control', revalidateEachTime);
  const response = new Response(shell.body, { status: page.status, headers });
  const { head, screen } = page;
  let rewriter = new HTMLRewriter();
  if (screen) {
    rewriter = deferAppModules(rewriter).on('#root', {
      element(element) {
        element.setInnerContent(screen.html, { html: true });
        const source = screen.stateSource ? ` data-source="${escapeHtml(screen.stateSource)}"` : '';
        element.after(
          `<script type="application/json" id="app-state"${source}>${jsonForScript(screen.state)}</script>`,
          { html: true },
        );
      },
    });
  }
  if (head) rewriter = rewriteHead(rewriter, head);
  return rewriter.transform(response);
}

const readerStylesheetAttribute = /<script\b[^>]*\bdata-stylesheet="([^"]+)"/;
let builtStylesheet: string | undefined;

/**
 * The reader's stylesheet (web/reader.css), for a page drawn by the app's components outside the
 * app (the embed, a story's page): the built shell names it on the reader's script; a dev server
 * serves the app's source itself. Null without a build. Kept once found: a deployment's assets
 * never change under it.
 */
export async function readerStylesheet(env: Env, requestUrl: string): Promise<string | null> {
  if (env.ENVIRONMENT === 'development') return '/web/index.css';
  if (builtStylesheet) return builtStylesheet;
  try {
    const shell = await fetchAppShell(env, requestUrl);
    builtStylesheet = shell.ok
      ? readerStylesheetAttribute.exec(await shell.text())?.[1]
      : undefined;
  } catch (error) {
    console.error('App shell unreadable; the embed goes without its stylesheet.', error);
  }
  return builtStylesheet ?? null;
}
