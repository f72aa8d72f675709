import { expect, inject } from 'vitest';
import type { OutsidePage } from '../dev/outside-site';
import { uniqueName } from './factories';

/** The stand-in website on loopback (worker/dev/outside-site.ts), as the Worker fetches it. */
export const outsideSite = inject('outsideSite');

/** Puts `page` on the stand-in site at `path`; answers its full URL. */
export async function serveAt(path: string, page: OutsidePage): Promise<string> {
  const put = await fetch(`${outsideSite}/__pages${path}`, {
    method: 'PUT',
    body: JSON.stringify(page),
  });
  expect(put.status).toBe(204);
  return `${outsideSite}${path}`;
}

/** Puts `page` on the stand-in site under a path no other test uses; answers its full URL. */
export function servePage(page: OutsidePage, name = 'page'): Promise<string> {
  return serveAt(`/${uniqueName(name)}`, page);
}

/** How many times the stand-in site was asked for this URL's (or path's) path. */
export async function timesFetched(urlOrPath: string): Promise<number> {
  const { pathname } = new URL(urlOrPath, outsideSite);
  return Number(await (await fetch(`${outsideSite}/__hits${pathname}`)).text());
}
