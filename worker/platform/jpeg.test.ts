import { encode as encodePng } from 'fast-png';
import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { encodeJpeg, pngToJpeg } from './jpeg';

const jpegStart = [0xff, 0xd8, 0xff];

/** A smooth diagonal gradient with a little texture, as RGB or opaque RGBA bytes. */
function gradient(width: number, height: number, channels: 3 | 4): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = Math.round((x / width) * 255);
      data[i + 1] = Math.round((y / height) * 255);
      data[i + 2] = 128 + (((x * 7) ^ (y * 13)) & 15);
      if (channels === 4) data[i + 3] = 255;
    }
  }
  return data;
}

function meanChannelDifference(rgb: Uint8Array, jpeg: Uint8Array): number {
  const decoded = decodeJpeg(jpeg, { useTArray: true, formatAsRGBA: false }).data;
  let total = 0;
  for (let i = 0; i < rgb.length; i++) total += Math.abs((rgb[i] ?? 0) - (decoded[i] ?? 0));
  return total / rgb.length;
}

describe('encodeJpeg', () => {
  it('encodes RGB and RGBA pixels to the same JPEG, close to the source colours', () => {
    const rgb = gradient(96, 64, 3);
    const fromRgb = encodeJpeg({ width: 96, height: 64, data: rgb, channels: 3 });
    const fromRgba = encodeJpeg({ width: 96, height: 64, data: gradient(96, 64, 4), channels: 4 });
    expect(fromRgb.constructor).toBe(Uint8Array);
    expect(Array.from(fromRgb.subarray(0, 3))).toEqual(jpegStart);
    expect(fromRgba).toEqual(fromRgb);
    expect(decodeJpeg(fromRgb, { useTArray: true })).toMatchObject({ width: 96, height: 64 });
    expect(meanChannelDifference(rgb, fromRgb)).toBeLessThan(3);
  });
});

describe('pngToJpeg', () => {
  it('re-encodes an 8-bit RGB PNG as a JPEG of the same size and colours', () => {
    const rgb = gradient(120, 80, 3);
    const jpeg = pngToJpeg(encodePng({ width: 120, height: 80, data: rgb, channels: 3 }));
    expect(Array.from(jpeg?.subarray(0, 3) ?? [])).toEqual(jpegStart);
    expect(decodeJpeg(jpeg ?? [], { useTArray: true })).toMatchObject({ width: 120, height: 80 });
    expect(meanChannelDifference(rgb, jpeg ?? new Uint8Array())).toBeLessThan(3);
  });

  it('re-encodes an 8-bit RGBA PNG whose every pixel is opaque', () => {
    const png = encodePng({ width: 40, height: 30, data: gradient(40, 30, 4), channels: 4 });
    const jpeg = pngToJpeg(png);
    expect(Array.from(jpeg?.subarray(0, 3) ?? [])).toEqual(jpegStart);
    expect(decodeJpeg(jpeg ?? [], { useTArray: true })).toMatchObject({ width: 40, height: 30 });
  });

  it('leaves alone what a JPEG cannot hold: transparency, a palette, 16-bit or grey samples', () => {
    const translucent = gradient(8, 8, 4);
    translucent[3] = 128;
    const unsupported = [
      encodePng({ width: 8, height: 8, data: translucent, channels: 4 }),
      encodePng({
        width: 2,
        height: 1,
        data: new Uint8Array([0, 1]),
        channels: 1,
        depth: 8,
        palette: [
          [255, 0, 0],
          [0, 0, 255],
        ],
      }),
      encodePng({
        width: 2,
        height: 1,
        data: new Uint16Array(6).fill(40000),
        channels: 3,
        depth: 16,
      }),
      encodePng({ width: 2, height: 1, data: new Uint8Array([10, 200]), channels: 1 }),
    ];
    for (const png of unsupported) expect(pngToJpeg(png)).toBeUndefined();
  });

  it('answers undefined for bytes that start like a PNG but do not decode', () => {
    const png = encodePng({ width: 64, height: 64, data: gradient(64, 64, 3), channels: 3 });
    expect(pngToJpeg(png.subarray(0, 60))).toBeUndefined();
    expect(pngToJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      undefined,
    );
  });

  it('transcodes a 1024x1024 PNG, the size Workers AI answers (time printed, not asserted)', () => {
    const png = encodePng({
      width: 1024,
      height: 1024,
      data: gradient(1024, 1024, 3),
      channels: 3,
    });
    const started = performance.now();
    const jpeg = pngToJpeg(png);
    const elapsed = performance.now() - started;
    console.info(
      `1024x1024: PNG ${png.byteLength} bytes -> JPEG ${jpeg?.byteLength} bytes in ${elapsed.toFixed(0)} ms`,
    );
    expect(decodeJpeg(jpeg ?? [], { useTArray: true })).toMatchObject({
      width: 1024,
      height: 1024,
    });
  });
});
