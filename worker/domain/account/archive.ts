import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ownImagePathPrefix } from '../../../schema/fields';
import type { Db } from '../../platform/db';
import { exportAccount } from './account';
import type { UserRow } from './users';

/** A file of the archive: its name there, and its bytes (null: left out, an image since deleted). */
type ArchiveEntry = {
  name: string;
  bytes: () => Promise<ReadableStream<Uint8Array> | Uint8Array | null>;
};

/**
 * A ZIP written as it is read: each file is added once the one before it is taken, so an archive
 * of a board's every image never sits in memory whole. Pictures are stored as they are (JPEG and
 * PNG do not shrink); the JSON is deflated.
 */
function zipOf(entries: ArchiveEntry[]): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let written = Promise.resolve();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      void writer.abort(error);
      return;
    }
    written = written.then(() => writer.write(chunk));
    if (final) written = written.then(() => writer.close());
  });
  const fill = async () => {
    for (const entry of entries) {
      const body = await entry.bytes();
      if (!body) continue;
      if (body instanceof Uint8Array) {
        const file = new ZipDeflate(entry.name, { level: 6 });
        zip.add(file);
        file.push(body, true);
      } else {
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        const reader = body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          file.push(read.value);
          await written;
        }
        file.push(new Uint8Array(0), true);
      }
      await written;
    }
    zip.end();
    await written;
  };
  fill().catch((error: unknown) => writer.abort(error));
  return readable;
}

// A key of our store (`blocks/12/<uuid>.jpg`): nothing else becomes a path in the archive.
const storedImageKey = /^[a-z]+\/\d+\/[\w-]+\.[a-z]+$/;

/** The keys in our store of the images an export names by their address on this origin. */
function storedImageKeys(origin: string, urls: (string | null)[]): string[] {
  const ours = `${origin}${ownImagePathPrefix}`;
  const keys = urls.flatMap((url) => {
    const key = url?.startsWith(ours) ? url.slice(ours.length) : '';
    return storedImageKey.test(key) ? [key] : [];
  });
  return [...new Set(keys)];
}

/**
 * Everything Up2 holds about the person as a ZIP: `account.json` (the JSON export) and every
 * image it names (the avatar, the blocks' pictures) under `images/`, by its key in our store.
 */
export async function accountArchive(db: Db, env: Env, user: UserRow, origin: string) {
  const data = await exportAccount(db, user, origin);
  const json = new TextEncoder().encode(JSON.stringify(data, null, 2));
  const images = storedImageKeys(origin, [
    data.account.avatar,
    ...data.blocks.map((block) => block.imageUrl),
  ]);
  return zipOf([
    { name: 'account.json', bytes: async () => json },
    ...images.map((key) => ({
      name: `images/${key}`,
      bytes: async () => (await env.IMAGES.get(key))?.body ?? null,
    })),
  ]);
}
