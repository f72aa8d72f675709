import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { DomainBlocks } from './domain-blocks';

const listed = {
  domainBlocks: [
    {
      id: 4,
      host: 'spam.example',
      kind: 'suspend',
      note: 'Spam wave',
      moderator: 'mod',
      createdAt: new Date().toISOString(),
    },
  ],
};

describe('The domain blocks screen', () => {
  it('lists the blocks, blocks a domain with its kind and note, and lifts one', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET' ? Response.json(listed) : Response.json({}, { status: 201 }),
    );
    await renderInApp(<DomainBlocks />);
    await expect.element(page.getByText('spam.example · Suspend the server')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Domain (its subdomains are covered)' })
      .fill('bad.example');
    await page.getByRole('combobox', { name: 'What to do' }).selectOptions('links');
    await page.getByRole('textbox', { name: 'Note (why)' }).fill('Phishing');
    await page.getByRole('button', { name: 'Block domain' }).click();
    await page.getByRole('button', { name: 'Lift the block of spam.example' }).click();
    await expect
      .poll(() =>
        calls
          .filter((call) => call.method !== 'GET')
          .map((call) => [call.method, call.path, call.body]),
      )
      .toEqual([
        ['POST', '/api/admin/domains', { host: 'bad.example', kind: 'links', note: 'Phishing' }],
        ['DELETE', '/api/admin/domains/4', null],
      ]);
  });

  it("shows the server's message when a domain cannot be blocked", async () => {
    answerApi(({ method }) =>
      method === 'GET'
        ? Response.json(listed)
        : Response.json({ error: 'bad.example is already blocked this way.' }, { status: 409 }),
    );
    await renderInApp(<DomainBlocks />);
    await page
      .getByRole('textbox', { name: 'Domain (its subdomains are covered)' })
      .fill('bad.example');
    await page.getByRole('textbox', { name: 'Note (why)' }).fill('Again');
    await page.getByRole('button', { name: 'Block domain' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('bad.example is already blocked this way.');
  });
});
