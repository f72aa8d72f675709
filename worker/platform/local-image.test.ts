import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import type { ImageRatio } from '../../schema/block-values';
import { generateLocalImage, localImageSizes } from './local-image';

const ratios: ImageRatio[] = ['square', 'wide', 'tall'];
// Measured at quality 82: 16-21 KB for the square (PNG was 138-181 KB); headroom for busier seeds.
const squareByteBudget = 60 * 1024;

function decodeRgb(jpeg: Uint8Array): Uint8Array {
  return decode(jpeg, { useTArray: true, formatAsRGBA: false }).data;
}

function meanChannelDifference(first: Uint8Array, second: Uint8Array): number {
  const a = decodeRgb(first);
  const b = decodeRgb(second);
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  }
  return total / a.length;
}

function countDistinctColours(jpeg: Uint8Array): number {
  const data = decodeRgb(jpeg);
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
  }
  return colours.size;
}

describe('generateLocalImage', () => {
  it('offers 512x512 square, 16:9 wide and 3:4 tall sizes', () => {
    expect(localImageSizes).toEqual({
      square: { width: 512, height: 512 },
      wide: { width: 640, height: 360 },
      tall: { width: 480, height: 640 },
    });
  });

  it('produces a JPEG of the size each ratio asks for', () => {
    for (const ratio of ratios) {
      const jpeg = generateLocalImage('a lighthouse at dusk', ratio);
      expect(Array.from(jpeg.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
      expect(Array.from(jpeg.subarray(-2))).toEqual([0xff, 0xd9]);
      const decoded = decode(jpeg, { useTArray: true });
      expect({ width: decoded.width, height: decoded.height }).toEqual(localImageSizes[ratio]);
    }
  });

  it('keeps the square image within its byte budget, a fraction of a PNG', () => {
    for (const prompt of ['a lighthouse at dusk', 'neon city at night', 'a misty forest at dawn']) {
      const started = performance.now();
      const jpeg = generateLocalImage(prompt, 'square');
      const elapsed = performance.now() - started;
      console.info(`square "${prompt}": ${jpeg.byteLength} bytes in ${elapsed.toFixed(1)} ms`);
      expect(jpeg.byteLength).toBeLessThan(squareByteBudget);
    }
  });

  it('the same prompt always gives the same image', () => {
    for (const ratio of ratios) {
      expect(generateLocalImage('a cat in a hat', ratio)).toEqual(
        generateLocalImage('a cat in a hat', ratio),
      );
    }
  });

  it('different prompts give visibly different images', () => {
    const lighthouse = generateLocalImage('a lighthouse at dusk', 'square');
    const forest = generateLocalImage('a misty forest at dawn', 'square');
    const almostLighthouse = generateLocalImage('a lighthouse at dusk!', 'square');
    expect(meanChannelDifference(lighthouse, forest)).toBeGreaterThan(10);
    expect(meanChannelDifference(lighthouse, almostLighthouse)).toBeGreaterThan(10);
  });

  it('is not a flat single colour', () => {
    for (const ratio of ratios) {
      expect(countDistinctColours(generateLocalImage('neon city at night', ratio))).toBeGreaterThan(
        1000,
      );
    }
  });

  it('handles empty and non-ASCII prompts', () => {
    const empty = generateLocalImage('', 'square');
    const emoji = generateLocalImage('🌸 spring in 東京', 'wide');
    expect(decode(empty, { useTArray: true })).toMatchObject(localImageSizes.square);
    expect(decode(emoji, { useTArray: true })).toMatchObject(localImageSizes.wide);
    expect(countDistinctColours(emoji)).toBeGreaterThan(1000);
  });
});
