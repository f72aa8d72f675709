import { escapeHtml } from './board-meta';

type LinkWarning = {
  /** Where the link leads, and the board it is on (where "Go back" returns). */
  link: string;
  board: URL;
  stylesheet: string | null;
};

/**
 * The page between a block's Visit Link and a site a moderator blocked: the reader is warned and
 * chooses. Plain HTML, no script; the link is not followed by search engines from here.
 */
export function renderLinkWarning({ link, board, stylesheet }: LinkWarning): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>This link was reported as harmful - Up2</title>
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body>
<main class="mx-auto max-w-xl space-y-4 p-6">
<h1 class="text-2xl font-bold">This link was reported as harmful.</h1>
<p class="break-all text-gray-700">${escapeHtml(link)}</p>
<p class="flex gap-4">
<a class="font-semibold text-violet-700 underline" href="${escapeHtml(board.href)}">Go back</a>
<a class="text-gray-700 underline" href="${escapeHtml(link)}" rel="nofollow ugc noopener noreferrer">Continue anyway</a>
</p>
</main>
</body>
</html>`;
}
