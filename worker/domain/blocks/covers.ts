import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { ownImagePathPrefix } from '../../../schema/fields';
import { blocks, blockWorks, workCovers } from '../../../schema/tables';
import { type Db, getDb } from '../../platform/db';
import {
  fetchOutside,
  type OutsideFetch,
  outsideFetchDeadlineMs,
  readAtMost,
} from '../../platform/outside-fetch';
import { readPageHead } from '../../platform/page-head';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { storeImage } from '../images/images';
import { copyOutsideImage } from '../images/outside-image';

const bookType = 'books-reading';
const filmType = 'film-animation';

/**
 * Blocks given their cover in one pass: each may take three outside fetches (≤5 s each), and the
 * pass runs after the change's answer has gone, within the 30 s a Worker keeps working after it
 * (two rounds of four). The cover change it commits starts the next pass, so an import of 200
 * books gets its covers eight at a time.
 */
const blocksPerPass = 8;
const coversAtOnce = 4;
/** A work found without a cover is looked for again after this long (a cover may be added). */
const noCoverKeptMs = 30 * 24 * 60 * 60 * 1000;
const maxSearchAnswerBytes = 256 * 1024;

type CoverlessBlock = {
  id: number;
  type: string;
  title: string;
  subtitle: string | null;
  externalUrl: string | null;
  /** Its ISBN, 13 digits, when the board knows one (an import's: decision 0050). */
  isbn: string | null;
};

type FindCover = (options: OutsideFetch) => Promise<string | null>;

/**
 * What a work is known by: a book by its ISBN or its title and author, a film by its Letterboxd
 * page. Its covers are tried in turn: the first that copies is the work's.
 */
type Work = { key: string; finds: FindCover[] };

const normalised = (text: string | null) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Open Library's cover of the book it finds first by this title and author, as a link. */
async function findBookCover(
  env: Env,
  title: string,
  author: string | null,
  options: OutsideFetch,
) {
  const search = new URL('/search.json', env.OPEN_LIBRARY_URL);
  search.searchParams.set('title', title);
  if (author) search.searchParams.set('author', author);
  search.searchParams.set('fields', 'cover_i');
  search.searchParams.set('limit', '1');
  const { response } = await fetchOutside(search, { ...options, accept: 'application/json' });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const bytes = await readAtMost(response, maxSearchAnswerBytes);
  if (!bytes) return null;
  const answer = JSON.parse(new TextDecoder().decode(bytes)) as { docs?: { cover_i?: unknown }[] };
  const coverId = answer.docs?.[0]?.cover_i;
  if (typeof coverId !== 'number' || !Number.isInteger(coverId)) return null;
  return new URL(`/b/id/${coverId}-M.jpg?default=false`, env.OPEN_LIBRARY_COVERS_URL).href;
}

/** The poster a film's page names (`og:image`), resolved against the page. */
async function findFilmPoster(page: URL, options: OutsideFetch) {
  const { response, url } = await fetchOutside(page, { ...options, accept: 'text/html' });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const head = await readPageHead(response);
  const poster = head.meta.get('og:image') ?? head.meta.get('og:image:url');
  return poster && URL.canParse(poster, url) ? new URL(poster, url).href : null;
}

function letterboxdPage(env: Env, link: string | null): URL | null {
  if (!link || !URL.canParse(link)) return null;
  const url = new URL(link);
  const hosts = env.LETTERBOXD_HOSTS.split(/\s+/).filter(Boolean);
  const known = hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
  return known && url.pathname.length > 1 ? url : null;
}

function workOf(env: Env, block: CoverlessBlock): Work | null {
  if (block.type === bookType && normalised(block.title)) {
    const byTitle: FindCover = (options) =>
      findBookCover(env, block.title, block.subtitle, options);
    const { isbn } = block;
    if (!isbn)
      return {
        key: `book:${normalised(block.title)}|${normalised(block.subtitle)}`,
        finds: [byTitle],
      };
    const byIsbn: FindCover = async () =>
      new URL(`/b/isbn/${isbn}-M.jpg?default=false`, env.OPEN_LIBRARY_COVERS_URL).href;
    return { key: `isbn:${isbn}`, finds: [byIsbn, byTitle] };
  }
  const page = block.type === filmType ? letterboxdPage(env, block.externalUrl) : null;
  if (!page) return null;
  page.hash = '';
  return { key: `film:${page.href}`, finds: [(options) => findFilmPoster(page, options)] };
}

/** Our copy, for `userId`, of the work's cover another board already holds; null if it is gone. */
async function copyKeptCover(env: Env, userId: number, imageUrl: string) {
  const kept = await env.IMAGES.get(imageUrl.slice(ownImagePathPrefix.length));
  if (!kept) return null;
  return storeImage(env, 'blocks', userId, new Uint8Array(await kept.arrayBuffer()));
}

/**
 * The work's cover copied into our store for `userId`, or null: found once for every board
 * (work_covers), so the outside services are asked once per work, not once per block.
 */
async function coverFor(db: Db, env: Env, userId: number, work: Work): Promise<string | null> {
  const known = await db.select().from(workCovers).where(eq(workCovers.workKey, work.key)).get();
  if (known?.imageUrl) {
    const copy = await copyKeptCover(env, userId, known.imageUrl).catch(() => null);
    if (copy) return copy;
  } else if (known && known.soughtAt > Date.now() - noCoverKeptMs) {
    return null;
  }
  const allowPrivate = env.UNFURL_PRIVATE_ADDRESSES === 'true';
  const options = {
    allowPrivate,
    signal: AbortSignal.timeout(outsideFetchDeadlineMs),
    accept: '*/*',
  };
  let imageUrl: string | null = null;
  for (const find of work.finds) {
    const link = await find(options).catch(() => null);
    imageUrl = link && (await copyOutsideImage(env, 'blocks', userId, link, allowPrivate));
    if (imageUrl) break;
  }
  await db
    .insert(workCovers)
    .values({ workKey: work.key, imageUrl: imageUrl || null, soughtAt: Date.now() })
    .onConflictDoUpdate({
      target: workCovers.workKey,
      set: { imageUrl: imageUrl || null, soughtAt: Date.now() },
    });
  return imageUrl || null;
}

/**
 * Takes the board's book and film blocks whose cover was never looked for and that show no image,
 * marking them looked for: two passes at once never take the same block, and a block is looked at
 * once in its life (an image its owner removes later is not put back).
 */
function takeCoverless(db: Db, userId: number) {
  const waiting = db
    .select({ id: blocks.id })
    .from(blocks)
    .where(
      and(
        eq(blocks.userId, userId),
        isNull(blocks.coverSoughtAt),
        isNull(blocks.imageUrl),
        inArray(blocks.type, [bookType, filmType]),
      ),
    )
    .limit(blocksPerPass);
  return db
    .update(blocks)
    .set({ coverSoughtAt: Date.now() })
    .where(and(inArray(blocks.id, waiting), isNull(blocks.coverSoughtAt)))
    .returning({
      id: blocks.id,
      type: blocks.type,
      title: blocks.title,
      subtitle: blocks.subtitle,
      externalUrl: blocks.externalUrl,
    });
}

/** The ISBNs the board knows of the books taken (block_works' `isbn:` keys), by block. */
async function isbnsOf(db: Db, userId: number, taken: { id: number; type: string }[]) {
  const books = taken.filter((block) => block.type === bookType).map((block) => block.id);
  if (books.length === 0) return new Map<number, string>();
  const keys = await db
    .select({ blockId: blockWorks.blockId, work: blockWorks.work })
    .from(blockWorks)
    .where(
      and(
        eq(blockWorks.userId, userId),
        inArray(blockWorks.blockId, books),
        like(blockWorks.work, 'isbn:%'),
      ),
    );
  return new Map(keys.map(({ blockId, work }) => [blockId, work.slice('isbn:'.length)]));
}

/**
 * Gives the board's new books and films their covers, after the change that made them (whoever
 * wrote it: by hand, an import, a source): a book's from Open Library by its ISBN where the board
 * knows one, else by its title and author, a film's from the poster its Letterboxd page names,
 * copied into our store. A block whose owner set
 * an image meanwhile keeps it. The covers reach readers as one change of the board.
 */
export async function giveCovers(env: Env, userId: number, origin: string): Promise<number> {
  const db = getDb(env);
  const taken = await takeCoverless(db, userId);
  const isbns = await isbnsOf(db, userId, taken);
  const wanted = taken.flatMap((block) => {
    const work = workOf(env, { ...block, isbn: isbns.get(block.id) ?? null });
    return work ? [{ block, work }] : [];
  });
  const found: { id: number; imageUrl: string }[] = [];
  const next = async () => {
    for (let item = wanted.shift(); item; item = wanted.shift()) {
      const imageUrl = await coverFor(db, env, userId, item.work);
      if (imageUrl) found.push({ id: item.block.id, imageUrl });
    }
  };
  await Promise.all(Array.from({ length: coversAtOnce }, next));
  const [first, ...rest] = found.map(({ id, imageUrl }) =>
    db
      .update(blocks)
      .set({ imageUrl })
      .where(and(eq(blocks.id, id), eq(blocks.userId, userId), isNull(blocks.imageUrl))),
  );
  if (!first) return 0;
  const writer: BoardWriter = { db, env, userId, origin };
  await commitChange(writer, 'blocks', [first, ...rest]);
  return found.length;
}
