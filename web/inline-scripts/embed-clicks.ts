/**
 * The embed's only script: counts a Visit Link click as web/reader.ts does on the board page, with
 * no app code to call the API through. The link works without it.
 */
import { visitedBlockId } from '../lib/page-actions';

addEventListener('click', (event) => {
  const id = visitedBlockId(event.target);
  if (!id) return;
  fetch(`/api/blocks/${id}/click`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
});
