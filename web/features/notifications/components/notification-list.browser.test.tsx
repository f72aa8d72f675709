import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { NotificationList } from './notification-list';

const owner = { username: 'ada', displayName: 'Ada', avatar: null };

function moderated(
  id: number,
  action: string,
  note: string,
  block: string | null = null,
  appealed = false,
) {
  return {
    id,
    kind: 'moderated',
    at: Date.now() - id * 1000,
    unread: false,
    actor: owner,
    block: block ? { id: 7, title: block } : null,
    moderation: { action, note, actionId: 40 + id, appealed, deletesAt: null },
  };
}

describe('A moderator’s action in the notifications', () => {
  it('tells the owner what was done to their board and why', async () => {
    answerApi(() =>
      Response.json({
        notifications: [
          moderated(1, 'suspend', 'Phishing links'),
          moderated(2, 'hide-block', 'Spam link', 'Buy followers now'),
        ],
      }),
    );
    await renderInApp(<NotificationList />);
    const items = page.getByRole('listitem');
    await expect
      .element(items.nth(0))
      .toMatchTextContent(/A moderator suspended your board\. Why: Phishing links/);
    await expect
      .element(items.nth(1))
      .toMatchTextContent(/A moderator hid Buy followers now from your board\. Why: Spam link/);
  });

  it('offers Appeal once per action: the appeal names the action, then the notice says it was sent', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? Response.json({
            notifications: [
              moderated(1, 'suspend', 'Phishing links'),
              moderated(2, 'keep-off-discover', 'Spam', null, true),
            ],
          })
        : Response.json(
            {
              message:
                'Your appeal is in the moderators’ queue. You will be told what they decide.',
            },
            { status: 201 },
          ),
    );
    await renderInApp(<NotificationList />);
    const items = page.getByRole('listitem');
    await expect.element(items.nth(1)).toMatchTextContent(/Appealed/);
    await items.nth(0).getByRole('button', { name: 'Appeal' }).click();
    await items
      .nth(0)
      .getByRole('textbox', { name: 'Why should it be undone?' })
      .fill('Those were my own links.');
    await items.nth(0).getByRole('button', { name: 'Send appeal' }).click();
    await expect
      .element(items.nth(0))
      .toMatchTextContent(/Your appeal is in the moderators’ queue/);
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
    ).toEqual([['/api/reports/appeals', { actionId: 41, text: 'Those were my own links.' }]]);
  });
});
