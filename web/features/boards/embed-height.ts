/** The embed's tallest suggestion: past it the framed board scrolls, as any long page does. */
const tallestEmbedPx = 600;
// The frame's header, tabs and padding, and one row of compact cards (a 48 × 64 thumbnail, its
// padding and the gap below), as the embed draws them.
const embedChromePx = 140;
const cardRowPx = 92;

/**
 * The height the embed code suggests for a board whose first tab shows `cards` cards: tall enough
 * for them in two columns (a blog's column is wider than 640 px, where the embed lays out two),
 * never taller, so a board of a few blocks is not a half-empty frame.
 */
export function suggestedEmbedHeight(cards: number): number {
  const rows = Math.max(1, Math.ceil(cards / 2));
  return Math.min(tallestEmbedPx, embedChromePx + rows * cardRowPx);
}
