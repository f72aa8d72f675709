import { tailwindScales } from '../services/tailwind-palette';

/**
 * The embed's dark theme: Tailwind's colour scales turned end for end (50 ↔ 950, 100 ↔ 900, …,
 * white → gray-950), so every class the board's components use keeps its contrast against its
 * neighbours in dark, with no second set of classes. Derived from the installed Tailwind, so a new
 * release's palette carries over by itself.
 */
function mirroredDeclarations(): string {
  const scales = tailwindScales();
  const declarations: string[] = ['color-scheme:dark'];
  for (const [hue, shades] of scales) {
    for (const shade of shades.keys()) {
      const mirror = shades.get(1000 - shade);
      if (mirror) declarations.push(`--color-${hue}-${shade}:${mirror}`);
    }
  }
  // Cards (white) sit on the page (gray-50): both go darkest, and borders tell them apart.
  const gray950 = scales.get('gray')?.get(950);
  if (gray950) declarations.push(`--color-white:${gray950}`);
  return declarations.join(';');
}

let darkCss: string | undefined;

/**
 * For `<html data-theme>`: dark always, or when the reader's system is dark (auto). Built on the
 * first embed an isolate renders, not when the Worker starts.
 */
export function darkPaletteCss(): string {
  if (darkCss) return darkCss;
  const dark = mirroredDeclarations();
  darkCss = `html[data-theme=dark]{${dark}}@media (prefers-color-scheme:dark){html[data-theme=auto]{${dark}}}`;
  return darkCss;
}
