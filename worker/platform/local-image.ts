import type { ImageRatio } from '../../schema/block-values';
import { encodeJpeg } from './jpeg';
import { hslToRgb, type Random, type Rgb, seededRandom } from './seeded-colors';

export const localImageSizes: Record<ImageRatio, { width: number; height: number }> = {
  square: { width: 512, height: 512 },
  wide: { width: 640, height: 360 },
  tall: { width: 480, height: 640 },
};

interface Canvas {
  width: number;
  height: number;
  // RGB floats in 0..1, so stacked translucent layers lose no precision before quantising.
  pixels: Float32Array;
}

interface Palette {
  backgroundStart: Rgb;
  backgroundEnd: Rgb;
  glow: Rgb;
  shadow: Rgb;
  accents: Rgb[];
}

interface CircleShape {
  radius: number;
  // Pixels the outline fades over: ~1.5 anti-aliases a crisp edge, more feathers a soft blob.
  edge: number;
  alpha: number;
  // Stroke width when the circle is drawn as a ring; 0 fills it.
  ring?: number;
  // How strongly a highlight lightens the fill; 0 leaves it flat.
  shine?: number;
}

interface Circle extends Required<CircleShape> {
  x: number;
  y: number;
  color: Rgb;
}

// Hue offsets in degrees: analogous, triadic, split complementary, complementary.
const harmonies: number[][] = [
  [0, 30, 60],
  [0, 120, 240],
  [0, 150, 210],
  [0, 180, 30],
];

export function generateLocalImage(prompt: string, ratio: ImageRatio): Uint8Array {
  const { width, height } = localImageSizes[ratio];
  const random = seededRandom(prompt);
  const palette = pickPalette(random);
  const canvas = createCanvas(width, height);
  paintBackground(canvas, palette, random);
  for (const circle of pickCircles(canvas, palette, random)) {
    paintCircle(canvas, circle);
  }
  paintVignette(canvas, palette.shadow);
  return encodeJpeg({ width, height, data: toBytes(canvas), channels: 3 });
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

function pickFrom<T>(random: Random, items: T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickPalette(random: Random): Palette {
  const baseHue = random() * 360;
  const hues = pickFrom(random, harmonies).map((offset) => baseHue + offset);
  const [first = baseHue, second = baseHue, third = baseHue] = hues;
  const saturation = between(random, 0.5, 0.85);
  const isLight = random() < 0.3;
  const backgroundLightness = isLight ? between(random, 0.72, 0.84) : between(random, 0.12, 0.22);
  const endLightness = isLight ? between(random, 0.55, 0.68) : between(random, 0.3, 0.42);
  const [accentMin, accentMax]: [number, number] = isLight ? [0.45, 0.62] : [0.5, 0.72];
  return {
    backgroundStart: hslToRgb(first, saturation, backgroundLightness),
    backgroundEnd: hslToRgb(second, saturation * 0.9, endLightness),
    glow: hslToRgb(third, saturation, isLight ? 0.92 : 0.6),
    shadow: hslToRgb(first, saturation, isLight ? 0.3 : 0.05),
    accents: hues.map((hue) =>
      hslToRgb(hue + between(random, -12, 12), saturation, between(random, accentMin, accentMax)),
    ),
  };
}

function createCanvas(width: number, height: number): Canvas {
  return { width, height, pixels: new Float32Array(width * height * 3) };
}

function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

// Math.hypot is several times slower than this in V8, and it runs once per pixel.
function length(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

function blendPixel(canvas: Canvas, index: number, color: Rgb, alpha: number, lighten = 0): void {
  const { pixels } = canvas;
  for (let channel = 0; channel < 3; channel++) {
    const base = color[channel] ?? 0;
    const target = base + (1 - base) * lighten;
    pixels[index + channel] = (pixels[index + channel] ?? 0) * (1 - alpha) + target * alpha;
  }
}

// A linear gradient at a random angle, lit by one large radial glow.
function paintBackground(canvas: Canvas, palette: Palette, random: Random): void {
  const { width, height } = canvas;
  const angle = random() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const glowX = between(random, 0.15, 0.85) * width;
  const glowY = between(random, 0.15, 0.85) * height;
  const glowRadius = between(random, 0.45, 0.8) * Math.max(width, height);
  const glowStrength = between(random, 0.35, 0.6);
  const start = palette.backgroundStart;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = (y * width + x) * 3;
      // Scaled so the two far corners along the gradient's direction land at about -1 and 1.
      const along = ((x / width - 0.5) * dx + (y / height - 0.5) * dy) / Math.SQRT1_2;
      canvas.pixels[index] = start[0];
      canvas.pixels[index + 1] = start[1];
      canvas.pixels[index + 2] = start[2];
      blendPixel(canvas, index, palette.backgroundEnd, smoothstep(-1, 1, along));
      const distance = length(x - glowX, y - glowY) / glowRadius;
      blendPixel(canvas, index, palette.glow, glowStrength * Math.exp(-distance * distance * 2.5));
    }
  }
}

// A few big, very soft blobs first, then smaller crisper circles and maybe a ring drawn over them.
function pickCircles(canvas: Canvas, palette: Palette, random: Random): Circle[] {
  const scale = Math.sqrt(canvas.width * canvas.height);
  const circles: Circle[] = [];
  const blobCount = 3 + Math.floor(random() * 3);
  for (let i = 0; i < blobCount; i++) {
    const radius = between(random, 0.18, 0.42) * scale;
    const edge = radius * between(random, 0.6, 1.2);
    circles.push(
      pickCircle(canvas, palette, random, { radius, edge, alpha: between(random, 0.35, 0.6) }),
    );
  }
  const dotCount = 2 + Math.floor(random() * 3);
  for (let i = 0; i < dotCount; i++) {
    const radius = between(random, 0.04, 0.16) * scale;
    const alpha = between(random, 0.55, 0.9);
    circles.push(
      pickCircle(canvas, palette, random, {
        radius,
        edge: 1.5,
        alpha,
        shine: between(random, 0.15, 0.4),
      }),
    );
  }
  if (random() < 0.5) {
    const radius = between(random, 0.2, 0.35) * scale;
    const ring = between(random, 0.006, 0.015) * scale;
    circles.push(pickCircle(canvas, palette, random, { radius, edge: 1.5, alpha: 0.7, ring }));
  }
  return circles;
}

function pickCircle(canvas: Canvas, palette: Palette, random: Random, shape: CircleShape): Circle {
  return {
    x: between(random, 0.1, 0.9) * canvas.width,
    y: between(random, 0.1, 0.9) * canvas.height,
    color: pickFrom(random, palette.accents),
    ring: 0,
    shine: 0,
    ...shape,
  };
}

// Coverage fades across `edge` pixels around the outline (or around the ring's stroke).
function circleCoverage(circle: Circle, distance: number): number {
  const halfEdge = circle.edge / 2;
  const isRing = circle.ring > 0;
  const fromShape = isRing ? Math.abs(distance - circle.radius) : distance;
  const extent = isRing ? circle.ring / 2 : circle.radius;
  return 1 - smoothstep(extent - halfEdge, extent + halfEdge, fromShape);
}

// A highlight up and to the left of the centre makes a flat disc read as a lit sphere.
function circleShine(circle: Circle, x: number, y: number): number {
  if (circle.shine === 0) return 0;
  const offset = circle.radius * 0.35;
  const distance = length(x - (circle.x - offset), y - (circle.y - offset));
  return circle.shine * (1 - smoothstep(0, circle.radius * 1.3, distance));
}

function paintCircle(canvas: Canvas, circle: Circle): void {
  const reach = circle.radius + circle.edge + circle.ring;
  const left = Math.max(0, Math.floor(circle.x - reach));
  const right = Math.min(canvas.width - 1, Math.ceil(circle.x + reach));
  const top = Math.max(0, Math.floor(circle.y - reach));
  const bottom = Math.min(canvas.height - 1, Math.ceil(circle.y + reach));
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const coverage = circleCoverage(circle, length(x + 0.5 - circle.x, y + 0.5 - circle.y));
      if (coverage > 0) {
        const index = (y * canvas.width + x) * 3;
        const shine = circleShine(circle, x + 0.5, y + 0.5);
        blendPixel(canvas, index, circle.color, coverage * circle.alpha, shine);
      }
    }
  }
}

// Fading corners towards a deep shade of the base hue, not black, keeps them coloured, not grey.
function paintVignette(canvas: Canvas, shadow: Rgb): void {
  const { width, height } = canvas;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const distance = length(x / width - 0.5, y / height - 0.5);
      blendPixel(canvas, (y * width + x) * 3, shadow, 0.4 * smoothstep(0.25, 0.75, distance));
    }
  }
}

function toBytes(canvas: Canvas): Uint8Array {
  const bytes = new Uint8Array(canvas.pixels.length);
  for (let i = 0; i < canvas.pixels.length; i++) {
    bytes[i] = Math.round(Math.min(1, Math.max(0, canvas.pixels[i] ?? 0)) * 255);
  }
  return bytes;
}
