import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { ReportBlockMenu } from './report-block-menu';

const block = { id: 12, title: 'Cheap pills here' };

describe('Report a block from its card', () => {
  it('reaches Report by keyboard and sends a report that names the block', async () => {
    const calls = answerApi(() =>
      Response.json({ message: 'Thanks. Our moderators will look at it.' }, { status: 201 }),
    );
    await renderInApp(<ReportBlockMenu username="ada" block={block} />);
    const more = page.getByRole('button', { name: 'More for Cheap pills here' });
    (await more.element()).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = page.getByRole('dialog', { name: 'Report @ada' });
    await expect
      .element(dialog)
      .toHaveAccessibleDescription('Tell our moderators what is wrong with “Cheap pills here”.');
    await dialog.getByRole('radio', { name: 'Spam' }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect
      .element(dialog.getByRole('status'))
      .toHaveTextContent('Thanks. Our moderators will look at it.');
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/reports', { username: 'ada', blockId: 12, reason: 'spam', comment: null }],
    ]);
  });

  it('gives the focus back to the menu button when the report is closed', async () => {
    answerApi(() => Response.json({}, { status: 500 }));
    await renderInApp(<ReportBlockMenu username="ada" block={block} />);
    const more = page.getByRole('button', { name: 'More for Cheap pills here' });
    await more.click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Report @ada' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(more).toHaveFocus();
  });
});
