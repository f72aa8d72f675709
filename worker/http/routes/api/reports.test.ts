import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { reportThanks } from '../../../../schema/moderation';
import { openReportsPerBoardAtMost } from '../../../domain/moderation/reports';
import {
  apiClient,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  offContract,
  readJson,
} from '../../../test/factories';

type StoredReport = {
  id: number;
  board_id: number;
  block_id: number | null;
  reason: string;
  comment: string | null;
  snapshot: string;
  reporter_key: string;
};

async function storedReports(boardId: number) {
  const { results } = await env.DB.prepare('SELECT * FROM reports WHERE board_id = ? ORDER BY id')
    .bind(boardId)
    .all<StoredReport>();
  return results;
}

function uniqueAddress() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `198.51.${octet()}.${octet()}`;
}

describe('POST /api/reports', () => {
  it('files a signed-out report of a block with what the block showed then', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, {
      title: 'Buy cheap pills',
      description: 'Visit my shop',
      externalUrl: 'https://pills.example/',
    });
    const answer = await readJson(
      apiClient().reports.$post({
        json: { username: owner.username, blockId: block.id, reason: 'spam', comment: 'Scam' },
      }),
    );
    expectStatus(answer, 201);
    expect(answer.body).toEqual({ message: reportThanks });
    expect(answer.body.message).toBe('Thanks. Our moderators will look at it.');

    await editBlock(owner, block.id, { title: 'Innocent title', description: 'Nothing here' });
    const [report] = await storedReports(owner.id);
    expect(report).toMatchObject({ block_id: block.id, reason: 'spam', comment: 'Scam' });
    expect(JSON.parse(report?.snapshot ?? '{}')).toMatchObject({
      board: { username: owner.username },
      block: {
        id: block.id,
        title: 'Buy cheap pills',
        description: 'Visit my shop',
        externalUrl: 'https://pills.example/',
      },
    });
    expect(report?.reporter_key).not.toContain('.');
  });

  it('counts a flood of reports from one address once', async () => {
    const owner = await createUser();
    const ip = uniqueAddress();
    for (const reason of ['spam', 'harassment', 'other'] as const) {
      const answer = await apiClient({ ip }).reports.$post({
        json: { username: owner.username, reason },
      });
      expect(answer.status).toBe(201);
    }
    await apiClient().reports.$post({ json: { username: owner.username, reason: 'spam' } });
    expect(await storedReports(owner.id)).toHaveLength(2);
  });

  it('limits reports from one address: 429 with Retry-After after 5 a minute', async () => {
    const owner = await createUser();
    const ip = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const answer = await apiClient({ ip }).reports.$post({
        json: { username: owner.username, reason: 'spam' },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.headers.get('retry-after')).toBe('60');
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses).toContain(429);
  });

  it('keeps no more than the allowance of open reports per board', async () => {
    const owner = await createUser();
    await env.DB.batch(
      Array.from({ length: openReportsPerBoardAtMost }, (_, index) =>
        env.DB.prepare(
          `INSERT INTO reports (board_id, reason, snapshot, reporter_key) VALUES (?, 'spam', '{}', ?)`,
        ).bind(owner.id, `address:seeded${index}`),
      ),
    );
    const answer = await apiClient().reports.$post({
      json: { username: owner.username, reason: 'spam' },
    });
    expect(answer.status).toBe(201);
    expect(await storedReports(owner.id)).toHaveLength(openReportsPerBoardAtMost);
  });

  it('answers 404 for an unknown board, a private one, and a block not on the board', async () => {
    const unknown = await readJson(
      apiClient().reports.$post({ json: { username: 'nobodyhere404', reason: 'spam' } }),
    );
    expectStatus(unknown, 404);
    const hidden = await createUser({ isPublic: false });
    const privateBoard = await apiClient().reports.$post({
      json: { username: hidden.username, reason: 'spam' },
    });
    expect(privateBoard.status).toBe(404);
    const owner = await createUser();
    const other = await createUser();
    const elsewhere = await createBlock(other);
    const wrongBlock = await readJson(
      apiClient().reports.$post({
        json: { username: owner.username, blockId: elsewhere.id, reason: 'spam' },
      }),
    );
    expectStatus(wrongBlock, 404);
    expect(wrongBlock.body.error).toBe('This block is not on that board.');
    expect(await storedReports(owner.id)).toHaveLength(0);
  });

  it('answers 400 with a message per field for a bad reason, block id or comment', async () => {
    const owner = await createUser();
    const answer = await readJson(
      apiClient().reports.$post({
        json: offContract({
          username: owner.username,
          blockId: 'twelve',
          reason: 'boring',
          comment: 'x'.repeat(1001),
        }),
      }),
    );
    expectStatus(answer, 400);
    expect(answer.body.fields).toMatchObject({
      reason: expect.stringContaining('Choose a reason'),
      blockId: 'blockId must be the id of a block on the board.',
      comment: 'Keep the comment under 1000 characters.',
    });
    const empty = await readJson(apiClient().reports.$post({ json: offContract({}) }));
    expectStatus(empty, 400);
    expect(empty.body.fields).toMatchObject({
      username: 'Name the board you report (its username).',
    });
  });
});
