import tailwindTheme from 'tailwindcss/theme.css?raw';
import { describe, expect, it } from 'vitest';
import { darkPaletteCss } from './palette';

const theme = `
  --color-gray-50: oklch(98% 0 0);
  --color-gray-500: oklch(55% 0 0);
  --color-gray-950: oklch(13% 0 0);
  --color-violet-100: oklch(94% 0.03 295);
  --color-violet-900: oklch(38% 0.19 294);
  --color-white: #fff;
`;

describe('the dark palette', () => {
  it('turns each scale end for end and makes white the darkest gray', () => {
    const css = darkPaletteCss(theme);
    expect(css).toContain('--color-gray-50:oklch(13% 0 0)');
    expect(css).toContain('--color-gray-950:oklch(98% 0 0)');
    expect(css).toContain('--color-gray-500:oklch(55% 0 0)');
    expect(css).toContain('--color-violet-100:oklch(38% 0.19 294)');
    expect(css).toContain('--color-violet-900:oklch(94% 0.03 295)');
    expect(css).toContain('--color-white:oklch(13% 0 0)');
  });

  it('applies when chosen, or when the system is dark and light was not chosen', () => {
    const css = darkPaletteCss(theme);
    expect(css.startsWith('html[data-theme=dark]{color-scheme:dark;')).toBe(true);
    expect(css).toContain(
      '@media (prefers-color-scheme:dark){html:not([data-theme=light]){color-scheme:dark;',
    );
  });

  it('mirrors only the colours the stylesheet it serves draws with, when given one', () => {
    const css = darkPaletteCss(
      theme,
      '.a{color:var(--color-gray-50)}.b{background:var(--color-white)}',
    );
    expect(css).toContain('--color-gray-50:oklch(13% 0 0)');
    expect(css).toContain('--color-white:oklch(13% 0 0)');
    expect(css).not.toContain('--color-gray-950:');
    expect(css).not.toContain('--color-violet-');
  });

  it('covers every shade of every hue in the installed Tailwind', () => {
    const css = darkPaletteCss(tailwindTheme);
    for (const hue of ['gray', 'violet', 'red', 'emerald', 'amber', 'fuchsia']) {
      for (const shade of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]) {
        expect(css).toContain(`--color-${hue}-${shade}:`);
      }
    }
  });
});
