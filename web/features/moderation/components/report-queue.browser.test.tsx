import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { ReportQueue } from './report-queue';

const snapshot = (title: string | null) => ({
  board: { username: 'spammer', displayName: 'Spam Co', tagline: null, bio: null, avatar: null },
  block: title
    ? {
        id: 7,
        title,
        subtitle: null,
        description: null,
        review: null,
        externalUrl: 'https://pills.example/',
        imageUrl: null,
      }
    : null,
});

const queue = {
  boards: [
    {
      board: {
        id: 3,
        username: 'spammer',
        displayName: 'Spam Co',
        tagline: null,
        bio: null,
        accountCreatedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        isPublic: true,
        suspended: false,
        keptOffDiscover: false,
      },
      reports: [
        {
          id: 12,
          reason: 'spam',
          comment: 'Pills again',
          blockId: null,
          fromServer: 'mastodon.example',
          appealOf: null,
          snapshot: snapshot(null),
          createdAt: new Date().toISOString(),
        },
        {
          id: 11,
          reason: 'illegal',
          comment: null,
          blockId: 7,
          fromServer: null,
          appealOf: null,
          snapshot: snapshot('Cheap pills'),
          createdAt: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
      earlierReports: 1,
      actions: [],
    },
  ],
};

const card = () => page.getByRole('article', { name: 'Reports of @spammer' });

describe('The report queue', () => {
  it("shows a board's reports with what was reported, its age and history", async () => {
    answerApi(() => Response.json(queue));
    await renderInApp(<ReportQueue />);
    await expect.element(card()).toMatchTextContent(/account 2 days old · 1 earlier report/);
    await expect.element(card()).toMatchTextContent(/Spam \(from mastodon\.example\)/);
    await expect
      .element(card())
      .toMatchTextContent(/Block as reported: Cheap pills · https:\/\/pills\.example\//);
  });

  it('acts only with a note: hiding names the report of the block, suspending the newest', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET' ? Response.json(queue) : Response.json({}, { status: 201 }),
    );
    await renderInApp(<ReportQueue />);
    const suspend = card().getByRole('button', { name: 'Suspend' });
    await expect.element(suspend).toBeDisabled();
    await card().getByRole('textbox', { name: 'Note (the owner is told it)' }).fill('Phishing');
    await card().getByRole('button', { name: 'Hide the block' }).click();
    await suspend.click();
    await expect
      .poll(() =>
        calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
      )
      .toEqual([
        ['/api/admin/reports/11/actions', { action: 'hide-block', note: 'Phishing' }],
        ['/api/admin/reports/12/actions', { action: 'suspend', note: 'Phishing' }],
      ]);
  });
});
