import { expect, it } from 'vitest';
import { callJson, createBlock, createUser } from './factories';

it('answers unknown API paths with a JSON 404', async () => {
  const response = await callJson('GET', '/api/nope');
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ error: 'Not found.' });
});

it('smoke: a user can create a block and see it on their board', async () => {
  const user = await createUser();
  const block = await createBlock(user);
  const board = await callJson('GET', `/api/boards/${user.username}`);
  expect(board.status).toBe(200);
  expect(board.body.blocks.map((b: { id: number }) => b.id)).toEqual([block.id]);
  const disc = await callJson('GET', '/api/discover?q=' + user.username);
  expect(disc.body.boards).toHaveLength(1);
  const copier = await createUser();
  const copy = await callJson('POST', `/api/blocks/${block.id}/copy`, { token: copier.token });
  expect(copy.status).toBe(201);
  const analytics = await callJson('GET', '/api/analytics/me', { token: user.token });
  expect(analytics.body.totalCopies).toBe(1);
});
