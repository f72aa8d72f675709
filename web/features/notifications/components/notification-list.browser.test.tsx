import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { NotificationList } from './notification-list';

const owner = { username: 'ada', displayName: 'Ada', avatar: null };

function moderated(id: number, action: string, note: string, block: string | null = null) {
  return {
    id,
    kind: 'moderated',
    at: Date.now() - id * 1000,
    unread: false,
    actor: owner,
    block: block ? { id: 7, title: block } : null,
    moderation: { action, note },
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
});
