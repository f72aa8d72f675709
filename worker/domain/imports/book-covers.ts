import { maxAvatarBytes } from '../../../schema/images';
import { fetchOutside, outsideFetchDeadlineMs, readAtMost } from '../../platform/outside-fetch';
import { storeImage } from '../images/images';

/**
 * Covers looked up in one import: each is a request to Open Library and a write to R2, and a
 * Worker's request may make only so many subrequests. A library of more books gets the covers of
 * its first ones (decision 0025).
 */
const maxCoversPerImport = 40;
// A few at a time: polite to Open Library, and quick enough for an import of 40.
const coversAtOnce = 6;

type CoverWanted = { importKey: string; isbn: string };

/** Open Library's cover of a book by its ISBN, at its medium size; `default=false` answers 404 for none. */
function coverLink(env: Env, isbn: string): URL {
  return new URL(`/b/isbn/${isbn}-M.jpg?default=false`, env.OPEN_LIBRARY_COVERS_URL);
}

/** The cover copied into our R2 for `userId`, or null: no cover, not an image, slow or too large. */
async function copyCover(env: Env, userId: number, isbn: string): Promise<string | null> {
  try {
    const { response } = await fetchOutside(coverLink(env, isbn), {
      allowPrivate: env.UNFURL_PRIVATE_ADDRESSES === 'true',
      signal: AbortSignal.timeout(outsideFetchDeadlineMs),
      accept: 'image/*',
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const bytes = await readAtMost(response, maxAvatarBytes);
    return bytes ? await storeImage(env, 'blocks', userId, bytes) : null;
  } catch {
    return null;
  }
}

/**
 * The covers of the books an import brings, from Open Library, copied into our R2 (a board never
 * loads another host's image), by import key. Looked up before the blocks are written, so the
 * books arrive with their covers in one change; a cover no block ends up showing is swept with
 * the other unused images.
 */
export async function findBookCovers(env: Env, userId: number, wanted: CoverWanted[]) {
  const found = new Map<string, string>();
  const queue = wanted.slice(0, maxCoversPerImport);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const imageUrl = await copyCover(env, userId, next.isbn);
      if (imageUrl) found.set(next.importKey, imageUrl);
    }
  };
  await Promise.all(Array.from({ length: coversAtOnce }, worker));
  return found;
}
