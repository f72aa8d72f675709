import { describe, expect, it } from 'vitest';
import { oklchToHex, tailwindScales } from './tailwind-palette';

describe('the Tailwind palette, read from the installed Tailwind', () => {
  it('holds every hue the categories name, each from 50 to 950', () => {
    const scales = tailwindScales();
    for (const hue of ['gray', 'violet', 'blue', 'emerald', 'amber', 'rose', 'orange', 'sky']) {
      expect([...(scales.get(hue)?.keys() ?? [])]).toEqual([
        50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950,
      ]);
    }
  });

  it('turns OKLCH into the sRGB hex a browser would paint', () => {
    expect(oklchToHex('oklch(100% 0 0)')).toBe('#ffffff');
    expect(oklchToHex('oklch(0% 0 0)')).toBe('#000000');
    // Tailwind 4's blue-100 and violet-700, as Chromium renders them.
    expect(oklchToHex('oklch(93.2% 0.032 255.585)')).toBe('#dbeafe');
    expect(oklchToHex('oklch(49.1% 0.27 292.581)')).toBe('#7008e7');
  });
});
