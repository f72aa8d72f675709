/**
 * Registers /sw.js (built by vite-plugin-pwa) in production builds. A new deploy's worker takes
 * over at once; a tab still running the old build reloads if it asks for a chunk that is gone
 * (`loadChunk`).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A board embedded on another site gains nothing from it, and may be refused storage there.
  if (window.self !== window.top) return;
  // Workbox waits for the load event before registering anyway: its code is fetched then too,
  // instead of with the first screen's.
  const register = () =>
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => {
        console.warn('The offline cache is unavailable:', error);
      });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
