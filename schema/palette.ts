/** A Tailwind colour scale: shade (50…950) → CSS colour, as the installed Tailwind defines it. */
export type ColourScale = Map<number, string>;

const shadePattern = /--color-([a-z]+)-(\d+):\s*([^;]+);/g;

/** Every colour scale of a Tailwind theme stylesheet (`tailwindcss/theme.css`), by hue. */
export function colourScalesOf(themeCss: string): Map<string, ColourScale> {
  const scales = new Map<string, ColourScale>();
  for (const [, hue = '', shade = '', value = ''] of themeCss.matchAll(shadePattern)) {
    const scale = scales.get(hue) ?? new Map<number, string>();
    scale.set(Number(shade), value.trim());
    scales.set(hue, scale);
  }
  return scales;
}

/**
 * Tailwind's colour scales turned end for end (50 ↔ 950, 100 ↔ 900, …, white → gray-950), so
 * every class keeps its contrast against its neighbours in dark, with no second set of classes.
 */
function mirroredDeclarations(
  scales: Map<string, ColourScale>,
  isUsed: (variable: string) => boolean,
): string {
  const declarations: string[] = ['color-scheme:dark'];
  const declare = (variable: string, value: string | undefined) => {
    if (value && isUsed(variable)) declarations.push(`${variable}:${value}`);
  };
  for (const [hue, shades] of scales) {
    for (const shade of shades.keys()) declare(`--color-${hue}-${shade}`, shades.get(1000 - shade));
  }
  // Cards (white) sit on the page (gray-50): both go darkest, and borders tell them apart.
  declare('--color-white', scales.get('gray')?.get(950));
  return declarations.join(';');
}

/**
 * The dark scheme for `<html data-theme>`: `dark` always; no choice (or the embed's `auto`) when
 * the reader's system is dark; `light` never. Read from the installed Tailwind's theme, so a new
 * release's palette carries over by itself. Given the stylesheet it serves, only the colours
 * that stylesheet draws with are mirrored: a page loads a few dozen, not all 243.
 */
export function darkPaletteCss(themeCss: string, drawnWith?: string): string {
  const isUsed = (variable: string) => !drawnWith || drawnWith.includes(`var(${variable})`);
  const dark = mirroredDeclarations(colourScalesOf(themeCss), isUsed);
  return `html[data-theme=dark]{${dark}}@media (prefers-color-scheme:dark){html:not([data-theme=light]){${dark}}}`;
}
