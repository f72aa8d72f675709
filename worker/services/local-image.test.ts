import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import type { ImageRatio } from '../../schema/images';
import { generateLocalImage, localImageSizes } from './local-image';

const pngSignature = [137, 80, 78, 71, 13, 10, 26, 10];
const ratios: ImageRatio[] = ['square', 'wide', 'tall'];

function readIhdrSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function decodePixels(png: Uint8Array): { data: ArrayLike<number>; channels: number } {
  const image = decode(png);
  return { data: image.data, channels: image.channels };
}

function meanChannelDifference(first: Uint8Array, second: Uint8Array): number {
  const a = decodePixels(first).data;
  const b = decodePixels(second).data;
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  }
  return total / a.length;
}

function countDistinctColours(png: Uint8Array): number {
  const { data, channels } = decodePixels(png);
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += channels) {
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

  it('produces a valid PNG of the size each ratio asks for', () => {
    for (const ratio of ratios) {
      const png = generateLocalImage('a lighthouse at dusk', ratio);
      expect(Array.from(png.subarray(0, 8))).toEqual(pngSignature);
      expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
      expect(readIhdrSize(png)).toEqual(localImageSizes[ratio]);
      const decoded = decode(png);
      expect({ width: decoded.width, height: decoded.height }).toEqual(localImageSizes[ratio]);
      expect(decoded.depth).toBe(8);
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
    expect(readIhdrSize(empty)).toEqual(localImageSizes.square);
    expect(readIhdrSize(emoji)).toEqual(localImageSizes.wide);
    expect(countDistinctColours(emoji)).toBeGreaterThan(1000);
  });
});
