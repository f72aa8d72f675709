/**
 * A chunk of this build, fetched on demand. After a deploy, a tab still running the old build may
 * ask for a chunk that is gone: it reloads onto the new build rather than break.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (typeof window === 'undefined') throw error;
    window.location.reload();
    return new Promise<T>(() => {});
  });
}
