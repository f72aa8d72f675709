import { storyHeadline } from '../../schema/block-values';
import { reportParameter } from '../../schema/moderation-values';
import type { UserRow } from '../domain/account/users';
import { type PublicStoryEvent, publicStoryWords } from '../domain/boards/public-story';
import { escapeHtml, renderHeadTags } from './board-meta';

type StoryPage = {
  owner: Pick<UserRow, 'username' | 'displayName'>;
  event: PublicStoryEvent;
  /** The story's own address (its Note's id), and the board's. */
  address: URL;
  board: URL;
  stylesheet: string | null;
};

/** The board's address asking for its report form (web/lib/page-actions.ts). */
function reportAddress(board: URL) {
  const address = new URL(board);
  address.searchParams.set(reportParameter, '');
  return address;
}

/**
 * A story's own page, where a fediverse post's link leads: what happened, in the board's words,
 * with the block's link and a way to the board. Plain HTML, no script: one story is all it shows.
 */
export function renderStoryPage({ owner, event, address, board, stylesheet }: StoryPage): string {
  const headline = storyHeadline(owner.displayName, event.kind, event.title);
  const words = publicStoryWords(event);
  const when = new Date(event.at).toISOString();
  const title = `${headline} - Up2`;
  const head = renderHeadTags({
    title,
    description: words || headline,
    tags: [
      { element: 'link', attributes: { rel: 'canonical', href: address.href } },
      {
        element: 'link',
        attributes: { rel: 'alternate', type: 'application/activity+json', href: address.href },
      },
    ],
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body>
<main class="mx-auto max-w-xl p-6">
<article class="h-entry space-y-3">
<h1 class="p-name text-2xl font-bold">${escapeHtml(headline)}</h1>
${words ? `<p class="p-summary">${escapeHtml(words)}</p>` : ''}
${event.externalUrl ? `<p><a class="u-url" href="${escapeHtml(event.externalUrl)}" rel="nofollow noopener">${escapeHtml(event.externalUrl)}</a></p>` : ''}
<p><time class="dt-published" datetime="${when}">${when.slice(0, 10)}</time></p>
<p><a class="p-author" href="${escapeHtml(board.href)}">See ${escapeHtml(owner.displayName)}'s board</a></p>
<p><a href="${escapeHtml(reportAddress(board).href)}" rel="nofollow">Report</a></p>
</article>
</main>
</body>
</html>`;
}
