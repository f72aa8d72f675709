import { api } from '../../../lib/api-client';

/** Counts a "Visit Link" click. Fire and forget: the link opens whatever the answer. */
export function recordClick(id: number): void {
  api.blocks[':id'].click
    .$post({ param: { id: String(id) }, json: {} }, { init: { keepalive: true } })
    .catch(() => undefined);
}
