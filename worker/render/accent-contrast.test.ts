import { describe, expect, it } from 'vitest';
import { accentColours, accentShade } from '../../schema/accents';
import { oklchToHex, tailwindScales } from './tailwind-palette';

function hexOf(hue: string, shade: number): string {
  const colour = tailwindScales().get(hue)?.get(shade);
  if (!colour) throw new Error(`Tailwind has no ${hue}-${shade}`);
  return oklchToHex(colour);
}

/** WCAG 2's relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// AA for normal text: the accent draws the tagline, links, the chosen filter's label and a
// progress bar, on cards (white) and the page (gray-50); the chosen filter writes white on it.
const aa = 4.5;

describe("a board's accent colour", () => {
  it.each(accentColours)(
    '%s keeps AA contrast with the card, the page and white text, in light',
    (hue) => {
      const accent = hexOf(hue, accentShade);
      expect(contrast(accent, '#ffffff')).toBeGreaterThanOrEqual(aa);
      expect(contrast(accent, hexOf('gray', 50))).toBeGreaterThanOrEqual(aa);
    },
  );

  // The dark scheme mirrors every scale (schema/palette.ts): the accent is drawn at 1000 - shade,
  // and white (the card, the text on a chosen filter) and gray-50 (the page) both become gray-950.
  it.each(accentColours)(
    '%s keeps AA contrast with the card, the page and the text on it, in dark',
    (hue) => {
      const accent = hexOf(hue, 1000 - accentShade);
      expect(contrast(accent, hexOf('gray', 950))).toBeGreaterThanOrEqual(aa);
    },
  );
});
