import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff?binary';
import interLatin600 from '@fontsource/inter/files/inter-latin-600-normal.woff?binary';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff?binary';
import interLatinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff?binary';
import interLatinExt600 from '@fontsource/inter/files/inter-latin-ext-600-normal.woff?binary';
import interLatinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff?binary';
import { initWasm as initResvg, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import satori, { type Font, init as initSatori } from 'satori/standalone';
import yogaWasm from 'satori/yoga.wasm';
import { ownImagePathPrefix } from '../../schema/fields';
import type { YearFigures } from '../../schema/years';
import { sniffImageFormat } from '../domain/images/images';
import { type OgCard, ogCardTree, ogImageSize } from './og-card';
import { type YearImageKind, yearImageSizes, yearImageTree } from './year-card';

// Workers may not compile WebAssembly at run time: both engines get modules the bundler compiled,
// once per isolate. (satori from 0.33 on loads a text shaper that compiles its own; hence 0.32.)
let layoutReady: Promise<void> | undefined;
let rasterReady: Promise<void> | undefined;

function enginesReady() {
  layoutReady ??= initSatori(yogaWasm);
  rasterReady ??= initResvg(resvgWasm);
  return Promise.all([layoutReady, rasterReady]);
}

// Inter as shipped by @fontsource (satori reads WOFF, not WOFF2), uploaded with the Worker as
// data modules: the renderer fetches nothing. Latin Extended, a family of its own, is where satori finds the
// letters of most European names that Latin lacks.
let fonts: Font[] | undefined;

function interFonts(): Font[] {
  fonts ??= (
    [
      [400, interLatin400],
      [600, interLatin600],
      [700, interLatin700],
      [400, interLatinExt400],
      [600, interLatinExt600],
      [700, interLatinExt700],
    ] as const
  ).map(([weight, file], index) => ({
    name: index < 3 ? 'Inter' : 'Inter Extended',
    data: file,
    weight,
    style: 'normal',
  }));
  return fonts;
}

/** The card as SVG, text drawn as paths (what the PNG is rendered from). */
export async function ogCardSvg(card: OgCard, picture: string | null): Promise<string> {
  await enginesReady();
  return satori(ogCardTree(card, picture), { ...ogImageSize, fonts: interFonts() });
}

export async function renderOgImage(
  card: OgCard,
  picture: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  return pngOf(await ogCardSvg(card, picture));
}

/** A year in review as a PNG: its link-preview card (1200×630) or its phone story (1080×1920). */
export async function renderYearImage(
  env: Pick<Env, 'IMAGES'>,
  figures: YearFigures,
  kind: YearImageKind,
): Promise<Uint8Array<ArrayBuffer>> {
  await enginesReady();
  const covers = await coversOf(env, figures.finished.latest);
  const svg = await satori(yearImageTree(figures, kind, covers), {
    ...yearImageSizes[kind],
    fonts: interFonts(),
  });
  return pngOf(svg);
}

/** A preset avatar's SVG as a 400 × 400 PNG, for servers that show no SVG (the fediverse's). */
export async function rasterizeAvatar(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  rasterReady ??= initResvg(resvgWasm);
  await rasterReady;
  return pngOf(svg, { mode: 'width', value: 400 });
}

function pngOf(
  svg: string,
  fitTo: NonNullable<ResvgRenderOptions['fitTo']> = { mode: 'original' },
): Uint8Array<ArrayBuffer> {
  const resvg = new Resvg(svg, { fitTo });
  try {
    const rendered = resvg.render();
    const png = rendered.asPng();
    rendered.free();
    return png as Uint8Array<ArrayBuffer>;
  } finally {
    resvg.free();
  }
}

// What the renderer decodes: the formats uploads come in but WebP.
const drawableFormats = new Set(['png', 'jpg', 'gif']);

/**
 * A picture kept here as a data: URL the renderer can draw, or null (then the card draws a stand-in:
 * the owner's initial, a finish's title on the board's colour). Another site's cannot be fetched.
 */
async function storedPicture(env: Pick<Env, 'IMAGES'>, url: string | null) {
  if (!url?.startsWith(ownImagePathPrefix)) return null;
  const object = await env.IMAGES.get(url.slice(ownImagePathPrefix.length));
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const format = sniffImageFormat(bytes);
  if (!format || !drawableFormats.has(format.extension)) return null;
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${format.contentType};base64,${btoa(binary)}`;
}

/** The covers of the year's latest finishes, by block id, as the year's images draw them. */
async function coversOf(env: Pick<Env, 'IMAGES'>, blocks: YearFigures['finished']['latest']) {
  const pictures = await Promise.all(
    blocks.map(async (block) => [block.id, await storedPicture(env, block.imageUrl)] as const),
  );
  return new Map(pictures.flatMap(([id, picture]) => (picture ? [[id, picture] as const] : [])));
}

const ogImageFolder = (username: string) => `og/${username}/`;

// Stores the new card and deletes the board's older ones: no page names them any more.
async function keepOnlyCard(
  env: Pick<Env, 'IMAGES'>,
  key: string,
  png: Uint8Array,
  username: string,
) {
  await env.IMAGES.put(key, png, { httpMetadata: { contentType: 'image/png' } });
  const listed = await env.IMAGES.list({ prefix: ogImageFolder(username) });
  const older = listed.objects.map((object) => object.key).filter((other) => other !== key);
  if (older.length > 0) await env.IMAGES.delete(older);
}

/**
 * The card from R2, made and stored on first use. Its key is the card's fingerprint (what it
 * draws, in which design), so a stored card is never stale and needs no purge.
 */
export async function loadOgImage(
  env: Pick<Env, 'IMAGES'>,
  card: OgCard,
  fingerprint: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<ReadableStream | Uint8Array<ArrayBuffer>> {
  const key = `${ogImageFolder(card.username)}${fingerprint}.png`;
  const stored = await env.IMAGES.get(key);
  if (stored) return stored.body;
  const png = await renderOgImage(card, await storedPicture(env, card.avatar));
  waitUntil(keepOnlyCard(env, key, png, card.username));
  return png;
}
