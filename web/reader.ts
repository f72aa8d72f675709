import { reportParameter } from '../schema/moderation-values';
import { recordClick } from './features/blocks/api/record-click';
import {
  appAtOnceAttribute,
  needsAppAttribute,
  reportBoardAction,
  visitedBlockId,
} from './lib/page-actions';

/**
 * What a page does before, or without, the app. Boards and the landing page are drawn on the
 * server and read with no script at all; this small module, loaded with them (and by the app on
 * every other page: index.html carries it), counts Visit Link clicks and brings the app's code
 * only when it is needed: at once for a signed-in person, and for a signed-out reader when they
 * show they need it: intent (hover, focus, touch) on something the app handles warms it, and an
 * action pressed before it has started (Copy) is carried out once it has (`takePendingAction`).
 */

type AppModules = { entry: string | null; preload: string[]; stylesheet: string | null };

/** The app's entry, which a rendered page lists instead of loading it (worker/render/app-shell.ts). */
function appModules(): AppModules | null {
  const listing = document.getElementById('app-modules')?.textContent;
  return listing ? (JSON.parse(listing) as AppModules) : null;
}

let started = false;

function appendToHead(tag: string, attributes: Record<string, string>): HTMLElement {
  const element = Object.assign(document.createElement(tag), attributes);
  element.setAttribute('crossorigin', '');
  return document.head.appendChild(element);
}

/**
 * The page came styled by the reader's stylesheet, which holds only what it shows: the app's
 * whole stylesheet is loaded first, and the app runs once it has arrived (or failed), so no
 * dialog or menu of the app ever shows unstyled. Its code downloads meanwhile.
 */
function startApp() {
  const modules = appModules();
  if (started || !modules?.entry) return;
  started = true;
  const { entry, stylesheet } = modules;
  for (const url of [entry, ...modules.preload])
    appendToHead('link', { rel: 'modulepreload', href: url });
  // A board's data, which the app fetches as it starts (web/main.tsx), comes meanwhile.
  const state = document.getElementById('app-state')?.dataset.source;
  if (state) appendToHead('link', { rel: 'preload', as: 'fetch', href: state });
  const run = () => appendToHead('script', { type: 'module', src: entry });
  if (!stylesheet) return run();
  const link = appendToHead('link', { rel: 'stylesheet', href: stylesheet });
  link.addEventListener('load', run, { once: true });
  link.addEventListener('error', run, { once: true });
}

/** Links within the site and the app's own controls: where a visitor goes next needs the app. */
function showsIntent(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(`[${needsAppAttribute}]`)) return true;
  const link = target.closest('a[href]');
  return link instanceof HTMLAnchorElement && link.origin === location.origin && !link.target;
}

function countVisits(event: MouseEvent) {
  const id = visitedBlockId(event.target);
  if (id) recordClick(id);
}

document.addEventListener('click', countVisits);
if (appModules()) {
  window.__up2StartApp = startApp;
  const onIntent = (event: Event) => showsIntent(event.target) && startApp();
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, onIntent, { passive: true });
  }
  // A signed-in person is using the app (their own board's hidden blocks, their navigation):
  // only a signed-out reader goes without it,
  // as does a screen that is nothing but the app's controls (a form).
  // Report, followed from the embed or a story's page: the board's report form, at once.
  if (new URLSearchParams(location.search).has(reportParameter)) {
    window.__up2PendingAction ??= reportBoardAction;
  }
  const viewer = document.documentElement.dataset.viewer;
  const wantsApp = document.querySelector(`[${appAtOnceAttribute}]`) !== null;
  if (window.__up2PendingAction || (viewer && viewer !== 'guest') || wantsApp) startApp();
}
