import { createContext, useContext } from 'react';

/**
 * The address this site is served from, for links shown as text (the board link, the embed
 * snippet). The server renders those screens too, where there is no `window`: it provides the
 * request's origin, which is the one the browser then hydrates on.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
