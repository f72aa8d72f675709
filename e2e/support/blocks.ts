import type { APIRequestContext } from '@playwright/test';
import type { z } from 'zod';
import type { blockInput } from '../../schema/blocks';
import { expect } from './fixtures';
import type { TestUser } from './users';

/** A block as the API takes it: the create call's own contract. */
export type NewBlock = z.input<typeof blockInput>;

/** Creates a block straight through the API, for journeys that are about something else. */
export async function createBlock(
  request: APIRequestContext,
  owner: TestUser,
  block: Partial<NewBlock> & Pick<NewBlock, 'title'>,
) {
  const response = await request.post('/api/blocks', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { category: 'learning', type: 'books-reading', status: 'now', progress: 40, ...block },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { block: { id: number } }).block;
}

/** "Book 01", "Book 02"…: numbered titles for a tab longer than a page. */
export function bookTitles(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Book ${String(i + 1).padStart(2, '0')}`);
}

/** Stores an image for `owner` as the block dialog's upload does; answers the URL it is served from. */
/** A 1×1 transparent PNG, stored for the blocks' images. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export async function uploadBlockImage(request: APIRequestContext, owner: TestUser, png: Buffer) {
  const response = await request.post('/api/upload/block-image', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer: png } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}
