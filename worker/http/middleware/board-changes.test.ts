import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../test/factories';
import goodreadsExport from '../../test/fixtures/goodreads_library_export.csv?raw';
import { app } from '../app';
import { changesBoard, changesNoBoard } from './board-changes';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Each write route of the app, with the handlers its chain runs. */
function writeRoutes() {
  const routes = new Map<string, unknown[]>();
  for (const { method, path, handler } of app.routes) {
    if (!writeMethods.has(method)) continue;
    const name = `${method} ${path}`;
    routes.set(name, [...(routes.get(name) ?? []), handler]);
  }
  return routes;
}

describe('every write route', () => {
  it('says whether it changes a board, so none can forget to mark the board changed', () => {
    const routes = writeRoutes();
    expect(routes.size).toBeGreaterThan(20);
    const undeclared = [...routes]
      .filter(([, handlers]) => !handlers.some((h) => h === changesBoard || h === changesNoBoard))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it('that changes a board is one of those known to change what visitors see', () => {
    const changing = [...writeRoutes()]
      .filter(([, handlers]) => handlers.includes(changesBoard))
      .map(([name]) => name)
      .sort();
    expect(changing).toEqual([
      'DELETE /api/account',
      'DELETE /api/blocks/:id{[0-9]+}',
      'DELETE /api/goals/:id{[0-9]+}',
      'PATCH /api/fediverse/profile',
      'PATCH /api/goals/:id{[0-9]+}',
      'POST /api/admin/audit/:id{[0-9]+}/reverse',
      'POST /api/admin/reports/:id{[0-9]+}/actions',
      'POST /api/admin/reports/actions',
      'POST /api/blocks',
      'POST /api/blocks/:id{[0-9]+}/copy',
      'POST /api/blocks/:id{[0-9]+}/merge',
      'POST /api/blocks/:id{[0-9]+}/restore',
      'POST /api/goals',
      'POST /api/import/:source',
      'POST /api/sources',
      'POST /api/sources/:id/check',
      'PUT /api/auth/me',
      'PUT /api/blocks/:id{[0-9]+}',
      'PUT /api/blocks/:id{[0-9]+}/position',
      'PUT /api/blocks/order',
      'PUT /api/boards/me',
    ]);
  });
});

/** The titles of the board's blocks as an anonymous visitor is answered, from the cache if kept. */
async function visibleTitles(owner: TestUser) {
  const answer = await readJson(
    apiClient({ settled: true }).boards[':username'].$get({
      query: {},
      param: { username: owner.username },
    }),
  );
  expectStatus(answer, 200);
  if (!('blocks' in answer.body)) throw new Error('no blocks in the answer');
  return answer.body.blocks.map((block) => block.title);
}

describe("a board's cached answer changes after", () => {
  it('its blocks are put in another order', async () => {
    const owner = await createUser();
    const first = await createBlock(owner, { title: 'First', status: 'now', progress: 50 });
    const second = await createBlock(owner, { title: 'Second', status: 'now', progress: 50 });
    const before = await visibleTitles(owner);
    expect(await visibleTitles(owner)).toEqual(before);
    const reordered = [...before].reverse();
    const ids = reordered.map((title) => (title === 'First' ? first.id : second.id));
    const answer = await readJson(
      apiClient({ token: owner.token }).blocks.order.$put({ json: { status: 'now', ids } }),
    );
    expectStatus(answer, 200);
    expect(await visibleTitles(owner)).toEqual(reordered);
  });

  it('an import adds blocks', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Already there' });
    expect(await visibleTitles(owner)).toEqual(['Already there']);
    expect(await visibleTitles(owner)).toEqual(['Already there']);
    const file = new File([goodreadsExport], 'goodreads_library_export.csv', { type: 'text/csv' });
    const answer = await readJson(
      apiClient({ token: owner.token }).import[':source'].$post({
        param: { source: 'goodreads' },
        form: { file },
      }),
    );
    expectStatus(answer, 200);
    expect((await visibleTitles(owner)).length).toBeGreaterThan(1);
  });
});
