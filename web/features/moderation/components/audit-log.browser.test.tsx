import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { AuditLog } from './audit-log';

function entry(id: number, action: string, reversible: boolean, reversedBy: number | null) {
  return {
    id,
    action,
    board: 'alice',
    blockId: null,
    note: `Note ${id}`,
    moderator: 'mod',
    createdAt: new Date().toISOString(),
    reverses: null,
    reversedBy,
    reversible,
  };
}

const audit = {
  actions: [
    entry(7, 'suspend', true, null),
    entry(6, 'dismiss', false, null),
    entry(5, 'keep-off-discover', false, 8),
  ],
  domainActions: [
    {
      id: 2,
      event: 'lifted',
      host: 'spam.example',
      kind: 'links',
      note: null,
      moderator: 'mod',
      createdAt: new Date().toISOString(),
    },
    {
      id: 1,
      event: 'blocked',
      host: 'spam.example',
      kind: 'links',
      note: 'Phishing pages',
      moderator: null,
      createdAt: new Date().toISOString(),
    },
  ],
};

describe('The audit log', () => {
  it('offers Reverse only where an action can be undone, and reverses it with a note', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET' ? Response.json(audit) : Response.json({}, { status: 201 }),
    );
    await renderInApp(<AuditLog />);
    await expect.element(page.getByText('Reversed by #8')).toBeVisible();
    expect(page.getByRole('button', { name: 'Reverse' }).all()).toHaveLength(1);
    await page.getByRole('button', { name: 'Reverse' }).click();
    await page
      .getByRole('textbox', { name: 'Why reverse #7 (the owner is told it)' })
      .fill('Appeal accepted');
    await page.getByRole('button', { name: 'Confirm reversal' }).click();
    await expect
      .poll(() =>
        calls
          .filter((call) => call.method !== 'GET')
          .map((call) => [call.method, call.path, call.body]),
      )
      .toEqual([['POST', '/api/admin/audit/7/reverse', { note: 'Appeal accepted' }]]);
  });

  it('lists domain blocks added and lifted, with who and why', async () => {
    answerApi(() => Response.json(audit));
    await renderInApp(<AuditLog />);
    const domains = page.getByRole('region', { name: 'Domain blocks' });
    await expect
      .element(domains.getByText(/^Lifted: Block links to the site spam\.example by @mod, /))
      .toBeVisible();
    await expect
      .element(
        domains.getByText(
          /^Blocked: Block links to the site spam\.example by a former moderator, /,
        ),
      )
      .toBeVisible();
    await expect.element(domains.getByText('Why: Phishing pages')).toBeVisible();
    expect(domains.getByText(/^Why:/).all()).toHaveLength(1);
  });

  it("shows the server's message when an action cannot be reversed", async () => {
    answerApi(({ method }) =>
      method === 'GET'
        ? Response.json(audit)
        : Response.json(
            { error: 'This action was already reversed or superseded.' },
            { status: 409 },
          ),
    );
    await renderInApp(<AuditLog />);
    await page.getByRole('button', { name: 'Reverse' }).click();
    await page.getByRole('textbox', { name: 'Why reverse #7 (the owner is told it)' }).fill('x');
    await page.getByRole('button', { name: 'Confirm reversal' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('This action was already reversed or superseded.');
  });
});
