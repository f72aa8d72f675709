/** One query's answer a rendered screen was drawn from, for the browser's query cache. */
type SeededQuery = { queryKey: readonly unknown[]; data: unknown };

/**
 * A screen of the web app rendered on the server (web/server.tsx): the markup for the shell's
 * root element, and the data it was drawn from, for the browser to hydrate with: in the page, or,
 * past the time it was drawn at, at `stateSource`, fetched only when the app starts.
 */
export type RenderedScreen = { html: string; state: SeededQuery[]; stateSource?: string };
