import { html, raw } from 'hono/html';
import { type BlockStatus, blockStatuses } from '../../schema/block-values';
import { imagePositionPattern } from '../../schema/blocks';
import { findBlockType } from '../../schema/catalogue';
import { categories } from '../../schema/categories';
import { isHttpUrl, ownImagePath } from '../../schema/fields';
import type { findPublicBoard } from '../services/boards';
import { cspHash } from './csp-hash';

type Board = NonNullable<Awaited<ReturnType<typeof findPublicBoard>>>['body'];
type Block = Board['blocks'][number];
type Ratio = Board['board']['globalImageRatio'];

/** The HTML of a page, and the Content-Security-Policy that names its one inline style and script. */
export type RenderedPage = { html: string; contentSecurityPolicy: string };

const tabLabels: Record<BlockStatus, string> = { now: 'Now', planned: 'Planned', done: 'Done' };

/** Intrinsic sizes for `width`/`height`; the CSS aspect-ratio of the box makes them exact. */
const ratioBoxes: Record<Ratio, { className: string; width: number; height: number }> = {
  square: { className: 'sq', width: 400, height: 400 },
  wide: { className: 'wd', width: 640, height: 360 },
  tall: { className: 'tl', width: 300, height: 400 },
};

// Stored values were validated on input by the same rules; re-checking them here keeps a bad row
// from ever reaching another site's page.
function httpUrl(value: string | null): string | null {
  return value && isHttpUrl(value) ? value : null;
}

function imageUrl(value: string | null): string | null {
  return value && (isHttpUrl(value) || ownImagePath.test(value)) ? value : null;
}

// The page's only script: counts a "Visit" click like the web app does. The link works without it.
const clickScript =
  "addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-click]');" +
  "a&&fetch('/api/blocks/'+a.getAttribute('data-click')+'/click',{method:'POST',keepalive:true,headers:{'content-type':'application/json'},body:'{}'}).catch(function(){})})";

const categoryTints: Record<string, string> = {
  learning: '#dbeafe',
  lifestyle: '#d1fae5',
  work: '#fef3c7',
  creative: '#ffe4e6',
  social: '#ede9fe',
  building: '#ffedd5',
  digital: '#e0f2fe',
};

const baseCss = `*,::before,::after{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
main{padding:12px}
@media(min-width:640px){main{padding:16px}}
a{color:#5b21b6}
a:focus-visible{outline:2px solid #7c3aed;outline-offset:2px;border-radius:2px}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.cl{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;overflow-wrap:anywhere}
.top{display:flex;gap:12px;align-items:center}
.av{position:relative;flex:none;width:48px;height:48px;border-radius:50%;overflow:hidden;display:flex;align-items:center;justify-content:center;background:#ede9fe;color:#5b21b6;font-size:20px;font-weight:700}
.av img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
h1{margin:0;font-size:18px;line-height:1.3;overflow-wrap:anywhere}
.at{margin:0;color:#4b5563}
.bio{margin:2px 0 0;color:#374151}
.ctl{display:none;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;margin:16px 0 12px}
fieldset{border:0;margin:0;padding:0;min-width:0}
.ch{position:relative;display:inline-flex}
.ch input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.ch input:focus-visible+span{outline:2px solid #7c3aed;outline-offset:2px}
.tabs{display:inline-flex;gap:4px;padding:4px;border-radius:8px;background:#f3f4f6}
.tabs span{display:inline-flex;gap:6px;align-items:center;padding:6px 12px;border-radius:6px;font-weight:500;color:#374151}
.tabs input:checked+span{background:#fff;color:#111827;box-shadow:0 1px 2px #0000001f}
.n{padding:0 6px;border-radius:999px;background:#e5e7eb;color:#1f2937;font-size:12px;font-variant-numeric:tabular-nums}
.types{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.types legend{float:left;margin-right:4px;font-weight:500;color:#374151}
.types span{display:inline-block;padding:2px 10px;border:1px solid #d1d5db;border-radius:999px;font-size:12px;color:#374151}
.types input:checked+span{background:#5b21b6;border-color:#5b21b6;color:#fff}
.ph{margin:16px 0 8px;font-size:15px}
.g{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px;margin:0;padding:0;list-style:none}
@media(min-width:768px){.g{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media(min-width:1024px){.g{grid-template-columns:repeat(4,minmax(0,1fr))}}
.c{display:flex;flex-direction:column;min-width:0;overflow:hidden;border:1px solid #e5e7eb;border-radius:10px;background:#fff}
.m{position:relative;display:flex;align-items:center;justify-content:center;font-size:32px;background:#f3f4f6}
.m img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.sq{aspect-ratio:1}.wd{aspect-ratio:16/9}.tl{aspect-ratio:3/4}
.b{display:flex;flex:1;flex-direction:column;gap:4px;padding:10px}
.i{display:flex;width:28px;height:28px;align-items:center;justify-content:center;border-radius:6px;background:#f3f4f6;font-size:16px}
h3{margin:0;font-size:14px;line-height:1.3}
.s{margin:0;font-size:12px;color:#374151;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.d{margin:0;font-size:12px;color:#4b5563}
.v{margin-top:auto;padding-top:4px;font-size:12px;font-weight:500}
.g+.e{display:none}
.e{margin:0;padding:24px;border:1px dashed #d1d5db;border-radius:8px;text-align:center;color:#4b5563}
footer{margin:4px 12px 0;padding:12px 0;border-top:1px solid #e5e7eb;text-align:center;font-size:12px}
${categories.map((category) => `.k-${category.key}{background:${categoryTints[category.key]}}`).join('\n')}`;

/**
 * Tabs and the type filter are radio buttons that CSS alone reads through `:has()`. Where a browser
 * lacks `:has()`, the controls stay hidden and every tab shows, each under its own heading.
 */
function stateCss(typeCount: number): string {
  const tabs = blockStatuses
    .map((status) => `main:has(#s-${status}:checked) #p-${status}`)
    .join(',');
  const types = Array.from({ length: typeCount }, (_, i) => {
    const t = `main:has(#t${i + 1}:checked)`;
    return `${t} .c:not(.t${i + 1}){display:none}${t} .p:not(:has(.t${i + 1})) .e{display:block}`;
  }).join('\n');
  return `@supports selector(:has(*)){
.ctl{display:flex}.p{display:none}.ph{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
${tabs}{display:block}
${types}
}`;
}

let scriptHash: Promise<string> | undefined;

/**
 * Stricter than the site-wide page policy: nothing loads but images, and the inline style and
 * script run only because their hashes are named. Hashes, not nonces, so a cached copy stays valid.
 */
async function contentSecurityPolicy(css: string, withScript: boolean): Promise<string> {
  scriptHash ??= cspHash(clickScript);
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    `style-src ${await cspHash(css)}`,
    `script-src ${withScript ? await scriptHash : "'none'"}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

function documentHead(title: string, css: string, extra: unknown = '') {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${extra}
<style>${raw(css)}</style>
</head>`;
}

function ratioOf(block: Block, board: Board['board']): Ratio {
  return block.imageAspectRatio === 'auto' ? board.globalImageRatio : block.imageAspectRatio;
}

/** Cards of the tab shown first that sit in its first row: their images load at once. */
const eagerImages = 4;

function blockCard(
  block: Block,
  board: Board['board'],
  typeIndex: number,
  index: number,
  eager: boolean,
) {
  const type = findBlockType(block.type);
  const emoji = type?.emoji ?? categories.find((c) => c.key === block.category)?.emoji ?? '📌';
  const src = board.hideAllImages ? null : imageUrl(block.imageUrl);
  const box = ratioBoxes[ratioOf(block, board)];
  const focal = hasFocalPoint(block) ? raw(` class="o${index}"`) : '';
  const link = httpUrl(block.externalUrl);
  return html`<li class="c t${typeIndex}">${
    src
      ? html`<div class="m ${box.className} k-${block.category}"><span aria-hidden="true">${emoji}</span><img${focal} src="${src}" alt="" width="${box.width}" height="${box.height}" loading="${eager ? 'eager' : 'lazy'}" decoding="async"></div>`
      : ''
  }<div class="b"><span class="i k-${block.category}" aria-hidden="true">${emoji}</span><h3 class="cl">${block.title}</h3>${
    block.subtitle ? html`<p class="s">${block.subtitle}</p>` : ''
  }${block.description ? html`<p class="d cl">${block.description}</p>` : ''}${
    link
      ? html`<a class="v" href="${link}" target="_blank" rel="noopener noreferrer" data-click="${block.id}">Visit<span class="vh">: ${block.title} (opens in a new tab)</span> ↗</a>`
      : ''
  }</div></li>`;
}

function hasFocalPoint(block: Block): boolean {
  return block.imagePosition !== 'center' && imagePositionPattern.test(block.imagePosition);
}

function focalPointCss(blocks: Block[], board: Board['board']): string {
  if (board.hideAllImages) return '';
  return blocks
    .map((block, index) =>
      block.imageUrl && hasFocalPoint(block)
        ? `.o${index}{object-position:${block.imagePosition}}`
        : '',
    )
    .join('');
}

function initial(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}

function description(user: Board['user']): string {
  return user.bio || user.tagline || `What ${user.displayName} is up to, on Up2.`;
}

/** The embedded board: profile, counted status tabs, a type filter and the visible blocks. */
export async function renderEmbedPage(data: Board, origin: string): Promise<RenderedPage> {
  const { user, board, blocks } = data;
  const typeKeys = [...new Set(blocks.map((block) => block.type))].sort((a, b) =>
    (findBlockType(a)?.label ?? a).localeCompare(findBlockType(b)?.label ?? b),
  );
  const typeIndex = (key: string) => typeKeys.indexOf(key) + 1;
  const css = `${baseCss}\n${stateCss(typeKeys.length)}\n${focalPointCss(blocks, board)}`;
  const fullBoard = `/@${user.username}`;
  const avatar = imageUrl(user.avatar);
  const firstNow = new Set(blocks.filter((block) => block.status === 'now').slice(0, eagerImages));
  const cards = blocks.map((block, index) => ({
    status: block.status,
    markup: blockCard(block, board, typeIndex(block.type), index, firstNow.has(block)),
  }));

  const page = html`${documentHead(
    `${user.displayName} (@${user.username}) - Up2`,
    css,
    html`<meta name="description" content="${description(user)}">
<link rel="canonical" href="${origin}${fullBoard}">`,
  )}
<body>
<main>
<header class="top">
<span class="av" aria-hidden="true">${initial(user.displayName)}${
    avatar ? html`<img src="${avatar}" alt="" width="48" height="48" decoding="async">` : ''
  }</span>
<div>
<h1>${user.displayName}</h1>
<p class="at">@${user.username}</p>
${user.bio ? html`<p class="bio cl">${user.bio}</p>` : ''}
</div>
</header>
<div class="ctl">
<fieldset class="tabs"><legend class="vh">Status</legend>${blockStatuses.map(
    (status) =>
      html`<label class="ch"><input type="radio" name="status" id="s-${status}" value="${status}"${
        status === 'now' ? raw(' checked') : ''
      }><span>${tabLabels[status]} <span class="n">${
        blocks.filter((block) => block.status === status).length
      }</span></span></label>`,
  )}</fieldset>
<fieldset class="types"><legend>Type</legend><label class="ch"><input type="radio" name="type" id="t0" value="all" checked><span>All</span></label>${typeKeys.map(
    (key, i) =>
      html`<label class="ch"><input type="radio" name="type" id="t${i + 1}" value="${key}"><span>${
        findBlockType(key)?.label ?? key
      }</span></label>`,
  )}</fieldset>
</div>
${blockStatuses.map((status) => {
  const inTab = cards.filter((card) => card.status === status);
  return html`<section class="p" id="p-${status}" aria-labelledby="h-${status}">
<h2 class="ph" id="h-${status}">${tabLabels[status]}</h2>
${inTab.length ? html`<ul class="g">${inTab.map((card) => card.markup)}</ul>` : ''}
<p class="e">No activities yet</p>
</section>`;
})}
</main>
<footer><a href="${fullBoard}" target="_blank" rel="noopener">View full board on Up2</a></footer>
<script>${raw(clickScript)}</script>
</body>
</html>`;
  return {
    html: String(await page),
    contentSecurityPolicy: await contentSecurityPolicy(css, true),
  };
}

const notFoundCss = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{display:flex;min-height:160px;align-items:center;justify-content:center;padding:16px}
h1{margin:0;font-size:18px}`;

/** What an embed of an unknown or private board shows (with HTTP 404). */
export async function renderEmbedNotFound(): Promise<RenderedPage> {
  const page = html`${documentHead('Board not found - Up2', notFoundCss)}
<body>
<main><h1>Board not found</h1></main>
</body>
</html>`;
  return {
    html: String(await page),
    contentSecurityPolicy: await contentSecurityPolicy(notFoundCss, false),
  };
}
