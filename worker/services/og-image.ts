import { encode } from 'fast-png';
import { hslToRgb, type Random, type Rgb, seededRandom } from './seeded-colors';

/** The size Open Graph and Twitter's large summary card ask for (1.91:1). */
export const ogImageSize = { width: 1200, height: 630 } as const;

/**
 * Bump when the card's design changes: it is part of the R2 key and of the ETag, so caches and
 * unfurlers holding an older card see a new one.
 */
export const ogImageVersion = 1;

interface Canvas {
  width: number;
  height: number;
  // RGB bytes, ready for the encoder.
  pixels: Uint8Array;
}

// The brand violet (#6d28d9) and the white of the favicon's wordmark.
const brandHue = 263;
const white: Rgb = [255, 255, 255];
const brand: Rgb = [0x6d, 0x28, 0xd9];

const margin = 80;

/**
 * 5×7 glyphs for what a card prints: "Up2" and "@username" (usernames are [a-z0-9]).
 * Each row is five bits, left to right.
 */
const glyphs: Record<string, string> = {
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  '@': '01110 10001 00001 01101 10101 10101 01110',
  U: '10001 10001 10001 10001 10001 10001 01110',
  a: '00000 00000 01110 00001 01111 10001 01111',
  b: '10000 10000 10110 11001 10001 10001 11110',
  c: '00000 00000 01110 10000 10000 10001 01110',
  d: '00001 00001 01101 10011 10001 10001 01111',
  e: '00000 00000 01110 10001 11111 10000 01110',
  f: '00110 01001 01000 11100 01000 01000 01000',
  g: '00000 01111 10001 10001 01111 00001 01110',
  h: '10000 10000 10110 11001 10001 10001 10001',
  i: '00100 00000 01100 00100 00100 00100 01110',
  j: '00010 00000 00110 00010 00010 10010 01100',
  k: '10000 10000 10010 10100 11000 10100 10010',
  l: '01100 00100 00100 00100 00100 00100 01110',
  m: '00000 00000 11010 10101 10101 10001 10001',
  n: '00000 00000 10110 11001 10001 10001 10001',
  o: '00000 00000 01110 10001 10001 10001 01110',
  p: '00000 00000 11110 10001 11110 10000 10000',
  q: '00000 00000 01101 10011 01111 00001 00001',
  r: '00000 00000 10110 11001 10000 10000 10000',
  s: '00000 00000 01110 10000 01110 00001 11110',
  t: '01000 01000 11100 01000 01000 01001 00110',
  u: '00000 00000 10001 10001 10001 10011 01101',
  v: '00000 00000 10001 10001 10001 01010 00100',
  w: '00000 00000 10001 10001 10101 10101 01010',
  x: '00000 00000 10001 01010 00100 01010 10001',
  y: '00000 00000 10001 10001 01111 00001 01110',
  z: '00000 00000 11111 00010 00100 01000 11111',
};

/**
 * The board's link-preview card: the brand's violet, shifted and decorated by a seed from the
 * username (so each board's card is its own and always the same), the Up2 wordmark and the handle.
 * It depends on the username alone, so it can be kept under a key made of the username and
 * `ogImageVersion`.
 */
export function generateOgImage(username: string): Uint8Array<ArrayBuffer> {
  const { width, height } = ogImageSize;
  const random = seededRandom(username);
  const canvas: Canvas = { width, height, pixels: new Uint8Array(width * height * 3) };
  paintBackground(canvas, random);
  paintBlobs(canvas, random);
  paintWordmark(canvas);
  paintHandle(canvas, `@${username.toLowerCase()}`);
  // fast-png writes into a plain ArrayBuffer, never a shared one.
  return encode({
    width,
    height,
    data: canvas.pixels,
    channels: 3,
    depth: 8,
  }) as Uint8Array<ArrayBuffer>;
}

/** Colours in 0–255, as the card's canvas stores them. */
function hslToRgb255(hue: number, saturation: number, lightness: number): Rgb {
  const [r, g, b] = hslToRgb(hue, saturation, lightness);
  return [r * 255, g * 255, b * 255];
}

// A diagonal gradient from the brand violet to a seeded neighbour, between indigo and fuchsia.
function paintBackground(canvas: Canvas, random: Random): void {
  const { width, height, pixels } = canvas;
  const end = hslToRgb255(brandHue + (random() * 2 - 1) * 55, 0.75, 0.22 + random() * 0.1);
  const span = width + height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      const index = (y * width + x) * 3;
      pixels[index] = brand[0] + (end[0] - brand[0]) * t;
      pixels[index + 1] = brand[1] + (end[1] - brand[1]) * t;
      pixels[index + 2] = brand[2] + (end[2] - brand[2]) * t;
    }
  }
}

// Soft translucent discs, placed and tinted by the seed.
function paintBlobs(canvas: Canvas, random: Random): void {
  const { width, height, pixels } = canvas;
  const count = 3 + Math.floor(random() * 3);
  for (let n = 0; n < count; n++) {
    const cx = random() * width;
    const cy = random() * height;
    const radius = 90 + random() * 220;
    const alpha = 0.12 + random() * 0.18;
    const color = hslToRgb255(brandHue + (random() * 2 - 1) * 70, 0.8, 0.6 + random() * 0.2);
    const edge = radius * 0.35;
    const left = Math.max(0, Math.floor(cx - radius));
    const right = Math.min(width - 1, Math.ceil(cx + radius));
    const top = Math.max(0, Math.floor(cy - radius));
    const bottom = Math.min(height - 1, Math.ceil(cy + radius));
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const distance = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
        const coverage = Math.min(1, Math.max(0, (radius - distance) / edge));
        if (coverage > 0) blend(pixels, (y * width + x) * 3, color, alpha * coverage);
      }
    }
  }
}

function blend(pixels: Uint8Array, index: number, color: Rgb, alpha: number): void {
  for (let channel = 0; channel < 3; channel++) {
    const base = pixels[index + channel] ?? 0;
    pixels[index + channel] = base + ((color[channel] ?? 0) - base) * alpha;
  }
}

function fillRect(canvas: Canvas, x0: number, y0: number, w: number, h: number, color: Rgb) {
  for (let y = Math.max(0, y0); y < Math.min(canvas.height, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(canvas.width, x0 + w); x++) {
      const index = (y * canvas.width + x) * 3;
      canvas.pixels[index] = color[0];
      canvas.pixels[index + 1] = color[1];
      canvas.pixels[index + 2] = color[2];
    }
  }
}

// Each set bit of a glyph becomes a scale×scale square.
function drawText(canvas: Canvas, text: string, x0: number, y0: number, scale: number, color: Rgb) {
  let x = x0;
  for (const char of text) {
    const rows = (glyphs[char] ?? '').split(' ');
    rows.forEach((row, rowIndex) => {
      for (let column = 0; column < row.length; column++) {
        if (row[column] === '1') {
          fillRect(canvas, x + column * scale, y0 + rowIndex * scale, scale, scale, color);
        }
      }
    });
    x += 6 * scale;
  }
}

const textWidth = (text: string, scale: number) => ([...text].length * 6 - 1) * scale;

// A white tile with "Up2" in the brand violet, like the favicon.
function paintWordmark(canvas: Canvas): void {
  const scale = 8;
  const padding = 28;
  const w = textWidth('Up2', scale) + padding * 2;
  const h = 7 * scale + padding * 2;
  fillRect(canvas, margin, margin, w, h, white);
  drawText(canvas, 'Up2', margin + padding, margin + padding, scale, brand);
}

// The handle along the bottom, as large as fits, over a soft shadow for contrast on light blobs.
function paintHandle(canvas: Canvas, handle: string): void {
  const available = canvas.width - margin * 2;
  const scale = Math.max(4, Math.min(14, Math.floor(available / ([...handle].length * 6))));
  const y = canvas.height - margin - 7 * scale;
  const shadowOffset = Math.max(2, Math.round(scale / 3));
  drawText(canvas, handle, margin + shadowOffset, y + shadowOffset, scale, [40, 10, 80]);
  drawText(canvas, handle, margin, y, scale, white);
}

/**
 * The card from R2, made and stored on first use. Its key holds everything it depends on
 * (design version and username), so a stored card is never stale and needs no purge.
 */
export async function loadOgImage(
  env: Pick<Env, 'IMAGES'>,
  username: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<ReadableStream | Uint8Array<ArrayBuffer>> {
  const key = `og/v${ogImageVersion}/${username}.png`;
  const stored = await env.IMAGES.get(key);
  if (stored) return stored.body;
  const png = generateOgImage(username);
  waitUntil(env.IMAGES.put(key, png, { httpMetadata: { contentType: 'image/png' } }));
  return png;
}
