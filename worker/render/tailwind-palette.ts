import tailwindTheme from 'tailwindcss/theme.css?raw';
import { type ColourScale, colourScalesOf } from '../../schema/palette';

let scales: Map<string, ColourScale> | undefined;

/** Every colour scale of the installed Tailwind, by hue: the colours the app's classes draw with. */
export function tailwindScales(): Map<string, ColourScale> {
  scales ??= colourScalesOf(tailwindTheme);
  return scales;
}

const oklchPattern = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)$/;

function srgbChannel(linear: number): number {
  const value = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, value)) * 255);
}

/**
 * `oklch(L% C h)` as `#rrggbb`, for renderers that read no OKLCH (the link-preview card), by
 * Björn Ottosson's OKLab matrices. Out-of-gamut colours are clipped, as browsers do.
 */
export function oklchToHex(colour: string): string {
  const match = oklchPattern.exec(colour);
  if (!match) return colour;
  const lightness = Number(match[1]) / 100;
  const chroma = Number(match[2]);
  const hue = (Number(match[3]) * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${rgb.map((channel) => srgbChannel(channel).toString(16).padStart(2, '0')).join('')}`;
}
