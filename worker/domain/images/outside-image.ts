import { ownImagePathPrefix } from '../../../schema/fields';
import { maxAvatarBytes } from '../../../schema/images';
import type { Db } from '../../platform/db';
import {
  fetchOutside,
  outsideFetchDeadlineMs,
  parseLink,
  readAtMost,
} from '../../platform/outside-fetch';
import { Refusal, refusalIn } from '../../platform/refusal';
import { type ImageKind, storeImage, takeUploadAllowance } from './images';

const field = 'imageUrl';

/** A refusal of the image link, with its message at the block's image field. */
function imageRefusal(kind: 'invalid' | 'unreadable', message: string, cause?: unknown) {
  return new Refusal(kind, message, { fields: { [field]: message }, cause });
}

async function fetchImage(link: URL, allowPrivate: boolean): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(outsideFetchDeadlineMs);
  try {
    const { response } = await fetchOutside(link, { allowPrivate, signal, accept: 'image/*' });
    if (!response.ok) {
      await response.body?.cancel();
      throw imageRefusal(
        'unreadable',
        `The image could not be fetched: its site answered with an error (HTTP ${response.status}).`,
      );
    }
    const bytes = await readAtMost(response, maxAvatarBytes);
    if (!bytes) throw imageRefusal('invalid', 'The image is larger than 2 MB.');
    return bytes;
  } catch (error) {
    const refusal = refusalIn(error);
    if (refusal?.details.fields) throw refusal;
    if (refusal) throw imageRefusal('unreadable', refusal.message, error);
    if (signal.aborted) {
      throw imageRefusal('unreadable', "The image's site took longer than 5 seconds to answer.");
    }
    throw imageRefusal('unreadable', "The image's site could not be reached.", error);
  }
}

/**
 * The image a block shows, kept in our own store: a link to another site's picture is fetched
 * once, as a link preview's is (decision 0018: every address checked, 5 seconds, 2 MB, a real
 * image by its bytes), and the block keeps our copy, so its board never loads, or tells its
 * visitors to, another host. Our own images, and none, stay as they are. Each copy counts as one
 * of the owner's uploads.
 */
export async function keepImageHere(
  db: Db,
  env: Env,
  userId: number,
  imageUrl: string | null | undefined,
): Promise<string | null | undefined> {
  if (!imageUrl || imageUrl.startsWith(ownImagePathPrefix)) return imageUrl;
  const allowPrivate = env.UNFURL_PRIVATE_ADDRESSES === 'true';
  let link: URL;
  try {
    link = parseLink(imageUrl, allowPrivate);
  } catch (error) {
    throw imageRefusal('invalid', refusalIn(error)?.message ?? 'Please give an image link.', error);
  }
  await takeUploadAllowance(db, userId);
  const bytes = await fetchImage(link, allowPrivate);
  try {
    return await storeImage(env, 'blocks', userId, bytes);
  } catch (error) {
    const refusal = refusalIn(error);
    if (!refusal) throw error;
    throw imageRefusal(
      'invalid',
      `The link does not lead to an image we can show. ${refusal.message}`,
    );
  }
}

/**
 * A picture another server names (a feed's cover, a follower's avatar) copied into our store under
 * `userId`, by the same rules (every address checked, 5 seconds, 2 MB, a real image by its bytes),
 * or null: no picture, not an image, slow, too large or unreachable. Nothing is refused: a missing
 * picture never stops what it came with.
 */
export async function copyOutsideImage(
  env: Env,
  kind: ImageKind,
  userId: number,
  link: string,
  allowPrivate: boolean,
): Promise<string | null> {
  try {
    const bytes = await fetchImage(parseLink(link, allowPrivate), allowPrivate);
    return await storeImage(env, kind, userId, bytes);
  } catch {
    return null;
  }
}
