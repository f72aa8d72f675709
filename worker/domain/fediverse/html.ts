/** The HTML other servers show of what a board says: escaped text, its links and line breaks. */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" rel="nofollow noopener">${escapeHtml(text)}</a>`;

// An address in running text ends before a space or a closing punctuation mark.
const addressInText = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

/** A person's own words as one paragraph: escaped, their web addresses linked, lines kept. */
export function textAsHtml(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => {
    let html = '';
    let from = 0;
    for (const found of line.matchAll(addressInText)) {
      html += escapeHtml(line.slice(from, found.index)) + link(found[0], found[0]);
      from = found.index + found[0].length;
    }
    return html + escapeHtml(line.slice(from));
  });
  return `<p>${lines.join('<br>')}</p>`;
}
