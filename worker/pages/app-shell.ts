import type { RenderedScreen } from '../../web/server';
import { escapeHtml, type HeadMeta, renderHeadTags } from '../services/board-meta';
import { revalidateEachTime } from '../services/edge-cache';
import { cspHash } from './csp-hash';

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

type AppModules = { entry: string | null; preload: string[] };

/**
 * A rendered page reads without scripts, so the app's scripts (the shell's entry and its
 * preloads, listed in #app-modules) are fetched only once the page has loaded, Chrome has reported
 * its first paint, its images are decoded and a frame has shown them: they never hold back the
 * stylesheet, the text or the first images. `load` alone is too early (it can fire before the
 * first paint); a page that never paints (a background tab) starts 2 s after `load`. Constant
 * text, so the page's CSP names it by hash (`appPageSecurityHeaders`).
 */
export const appModuleLoader = [
  '(function(){var loaded=false,painted=false,started=false;',
  'function inject(){var m=JSON.parse(document.getElementById("app-modules").textContent),h=document.head;',
  'm.preload.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.append(l)});',
  'if(m.entry){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=m.entry;h.append(s)}}',
  'function start(){if(started||!loaded||!painted)return;started=true;',
  'var shown=[].filter.call(document.images,function(i){return i.complete&&i.naturalWidth>0});',
  'Promise.all(shown.map(function(i){return i.decode().catch(function(){})})).then(function(){requestAnimationFrame(function(){setTimeout(inject)})})}',
  'try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){painted=true;start()}}).observe({type:"paint",buffered:true})}catch(e){painted=true}',
  'addEventListener("load",function(){loaded=true;start();setTimeout(function(){painted=true;start()},2000)})})()',
].join('');

let loaderHash: Promise<string> | undefined;

export function appModuleLoaderHash(): Promise<string> {
  loaderHash ??= cspHash(appModuleLoader);
  return loaderHash;
}

/** Takes the shell's module scripts and preloads out of the head, to be loaded after the page. */
function deferAppModules(rewriter: HTMLRewriter): HTMLRewriter {
  const modules: AppModules = { entry: null, preload: [] };
  return rewriter
    .on('head > script[type="module"][src]', {
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
    .on('body', {
      element(element) {
        element.onEndTag((end) => {
          end.before(
            `<script type="application/json" id="app-modules">${jsonForScript(modules)}</script><script>${appModuleLoader}</script>`,
            { html: true },
          );
        });
      },
    });
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
        element.after(
          `<script type="application/json" id="app-state">${jsonForScript(screen.state)}</script>`,
          { html: true },
        );
      },
    });
  }
  if (head) rewriter = rewriteHead(rewriter, head);
  return rewriter.transform(response);
}
