import { maxAvatarBytes } from '../../../schema/images';
import type { Db } from '../../platform/db';
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

type CoverWanted = { blockId: number; isbn: string };

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
 * Gives the imported books their covers from Open Library, copied into our R2 (a board never
 * loads another host's image). A block that has an image meanwhile keeps it. Answers how many
 * covers were added.
 */
export async function addBookCovers(db: Db, env: Env, userId: number, wanted: CoverWanted[]) {
  const found: { blockId: number; imageUrl: string }[] = [];
  const queue = wanted.slice(0, maxCoversPerImport);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const imageUrl = await copyCover(env, userId, next.isbn);
      if (imageUrl) found.push({ blockId: next.blockId, imageUrl });
    }
  };
  await Promise.all(Array.from({ length: coversAtOnce }, worker));
  if (found.length === 0) return 0;
  const updated = await db.$client
    .prepare(
      `UPDATE blocks SET image_url = json_extract(e.value, '$.imageUrl')
      FROM json_each(?2) AS e
      WHERE blocks.id = json_extract(e.value, '$.blockId') AND blocks.user_id = ?1
        AND blocks.image_url IS NULL
      RETURNING blocks.id`,
    )
    .bind(userId, JSON.stringify(found))
    .all();
  return updated.results.length;
}
