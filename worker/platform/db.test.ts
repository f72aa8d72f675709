import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  expectStatus,
  readJson,
} from '../test/factories';
import { flakyDatabase } from '../test/recording-database';

beforeEach(() => {
  // The outage a read could not get past is logged; the log is not what these tests read.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

const readsBlocks = (sql: string) => /^select .* from "blocks"/i.test(sql);
const insertsBlock = (sql: string) => /^insert into "blocks"/i.test(sql);

describe('a connection to D1 lost on the way', () => {
  it('is got past by a read, tried once more: the answer is the one a working database gives', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Still here' });
    const flaky = flakyDatabase(readsBlocks);
    const answer = await readJson(
      // A tab's page: one read of the blocks (the owner's list reads each tab and their counts).
      apiClient({ token: owner.token, settled: flaky.env }).blocks.me.tabs[':status'].$get({
        param: { status: 'now' },
        query: {},
      }),
    );
    expectStatus(answer, 200);
    expect(answer.body.blocks.map((block) => block.title)).toEqual(['Still here']);
    expect(flaky.runs).toHaveLength(2);
  });

  it('lost twice, answers 503 after one retry of the read', async () => {
    const owner = await createUser();
    const flaky = flakyDatabase(readsBlocks, 2);
    const answer = await readJson(
      // A tab's page: one read of the blocks (the owner's list reads each tab and their counts).
      apiClient({ token: owner.token, settled: flaky.env }).blocks.me.tabs[':status'].$get({
        param: { status: 'now' },
        query: {},
      }),
    );
    expect(answer.status).toBe(503);
    expect(flaky.runs).toHaveLength(2);
  });

  it('is never retried for a write: the block is sent once, and the answer is 503', async () => {
    const owner = await createUser();
    const flaky = flakyDatabase(insertsBlock);
    const answer = await readJson(
      apiClient({ token: owner.token, settled: flaky.env }).blocks.$post({
        json: blockPayload({ title: 'Sent once' }),
      }),
    );
    expect(answer.status).toBe(503);
    expect(flaky.runs).toHaveLength(1);
    const board = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(board, 200);
    expect(board.body.blocks).toEqual([]);
  });
});
