import { html, raw } from 'hono/html';
import type { BlockStatus } from '../../schema/block-values';
import type { EmbedTheme, PublicBoard } from '../../schema/boards';
import { embedClickScript, renderEmbedScreen } from '../../web/server';
import { cspHash } from './csp-hash';

/** The HTML of a page, and the Content-Security-Policy that names its inline style and script. */
export type RenderedPage = { html: string; contentSecurityPolicy: string };

let clickScriptHash: Promise<string> | undefined;

/**
 * Stricter than the app's pages: nothing loads but the reader's stylesheet and images, and the one
 * inline script runs because its hash is named (a hash, not a nonce, so a cached copy stays
 * valid). Styles may be inline: the board's own rules and each image's focal point.
 */
async function contentSecurityPolicy(withScript: boolean): Promise<string> {
  clickScriptHash ??= cspHash(embedClickScript);
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    "style-src 'self' 'unsafe-inline'",
    `script-src ${withScript ? await clickScriptHash : "'none'"}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

type HeadParts = { title: string; stylesheet: string | null; script?: string; extra?: unknown };

/**
 * The script, if any, runs first: starting a page's JavaScript takes tens of milliseconds on a
 * phone, which before the first paint delay it a little and after it block the reader.
 */
function documentHead({ title, stylesheet, script, extra = '' }: HeadParts) {
  return html`<head>
<meta charset="utf-8">
${script ? html`<script>${raw(script)}</script>` : ''}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${extra}
${stylesheet ? html`<link rel="stylesheet" href="${stylesheet}">` : ''}
</head>`;
}

function description(user: PublicBoard['user']): string {
  return user.bio || user.tagline || `What ${user.displayName} is up to, on Up2.`;
}

export type EmbedLook = {
  theme: EmbedTheme;
  /** The reader's stylesheet (web/reader.css): the embed is drawn by the app's own components. */
  stylesheet: string | null;
};

/**
 * The embedded board: the board page's header and board, read-only, in the theme asked for; `asked`
 * names the tab shown past its first page.
 */
export async function renderEmbedPage(
  board: PublicBoard,
  origin: string,
  look: EmbedLook,
  asked: { status: BlockStatus } | null,
): Promise<RenderedPage> {
  const { user } = board;
  const paging = { theme: look.theme, pagedStatus: asked?.status ?? null };
  const screen = await renderEmbedScreen(origin, board, paging);
  const head = documentHead({
    title: `${user.displayName} (@${user.username}) - Up2`,
    stylesheet: look.stylesheet,
    // Its only script (web/inline-scripts/embed-clicks.ts) counts Visit Link clicks.
    script: embedClickScript,
    extra: html`<meta name="description" content="${description(user)}">
<link rel="canonical" href="${origin}/@${user.username}">`,
  });
  const page = html`<!doctype html>
<html lang="en" data-theme="${look.theme}">
${head}
<body>
${raw(screen)}
</body>
</html>`;
  return { html: String(await page), contentSecurityPolicy: await contentSecurityPolicy(true) };
}

/** What an embed of an unknown or private board shows (with HTTP 404). */
export async function renderEmbedNotFound(look: EmbedLook): Promise<RenderedPage> {
  const page = html`<!doctype html>
<html lang="en" data-theme="${look.theme}">
${documentHead({ title: 'Board not found - Up2', stylesheet: look.stylesheet })}
<body>
<main class="flex min-h-40 items-center justify-center p-4"><h1 class="text-lg font-semibold">Board not found</h1></main>
</body>
</html>`;
  return { html: String(await page), contentSecurityPolicy: await contentSecurityPolicy(false) };
}
