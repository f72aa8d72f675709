import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { ReportQueue } from './report-queue';

function queuedBoard(id: number, username: string, reportIds: number[]) {
  return {
    board: {
      id,
      username,
      displayName: username,
      tagline: null,
      bio: null,
      accountCreatedAt: new Date().toISOString(),
      isPublic: true,
      suspended: false,
      keptOffDiscover: false,
    },
    reports: reportIds.map((reportId) => ({
      id: reportId,
      reason: 'spam',
      comment: null,
      blockId: null,
      fromServer: null,
      appealOf: null,
      snapshot: {
        board: { username, displayName: username, tagline: null, bio: null, avatar: null },
        block: null,
      },
      createdAt: new Date().toISOString(),
    })),
    earlierReports: 0,
    actions: [],
  };
}

const queue = {
  boards: [
    queuedBoard(1, 'casino1', [11, 12]),
    queuedBoard(2, 'casino2', [21]),
    queuedBoard(3, 'reader', [31]),
  ],
};

describe('The report queue', () => {
  it('takes one action, with one note, on the boards chosen, in one request', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET' ? Response.json(queue) : Response.json({ actions: [] }, { status: 201 }),
    );
    await renderInApp(<ReportQueue />);
    await page.getByRole('checkbox', { name: 'Choose @casino1' }).click();
    await page.getByRole('checkbox', { name: 'Choose @casino2' }).click();
    await page
      .getByRole('textbox', { name: 'Note for the 2 chosen boards (each owner is told it)' })
      .fill('Casino spam wave');
    await page.getByRole('button', { name: 'Suspend: 2' }).click();
    await expect
      .poll(() =>
        calls
          .filter((call) => call.method !== 'GET')
          .map((call) => [call.method, call.path, call.body]),
      )
      .toEqual([
        [
          'POST',
          '/api/admin/reports/actions',
          { action: 'suspend', note: 'Casino spam wave', reportIds: [11, 12, 21] },
        ],
      ]);
  });
});
