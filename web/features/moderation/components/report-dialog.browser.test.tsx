import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { ReportDialog } from './report-dialog';

const dialog = () => page.getByRole('dialog', { name: 'Report @ada' });

describe('Report a board', () => {
  it('sends the reason chosen and the comment, then thanks the reporter', async () => {
    const calls = answerApi(() =>
      Response.json({ message: 'Thanks. Our moderators will look at it.' }, { status: 201 }),
    );
    await renderInApp(<ReportDialog username="ada" open onOpenChange={vi.fn()} />);
    const send = dialog().getByRole('button', { name: 'Send report' });
    await expect.element(send).toBeDisabled();
    await dialog().getByRole('radio', { name: 'Harassment or hate' }).click();
    await dialog()
      .getByRole('textbox', { name: 'Comment (optional)' })
      .fill('Insults in every block');
    await send.click();
    await expect
      .element(dialog().getByRole('status'))
      .toHaveTextContent('Thanks. Our moderators will look at it.');
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/api/reports',
        { username: 'ada', reason: 'harassment', comment: 'Insults in every block' },
      ],
    ]);
  });

  it('offers every reason: spam, harassment or hate, illegal content, impersonation, something else', async () => {
    answerApi(() => Response.json({}, { status: 500 }));
    await renderInApp(<ReportDialog username="ada" open onOpenChange={vi.fn()} />);
    const reasons = dialog()
      .getByRole('radio')
      .elements()
      .map((radio) => radio.parentElement?.textContent);
    expect(reasons).toEqual([
      'Spam',
      'Harassment or hate',
      'Illegal content',
      'Impersonation',
      'Something else',
    ]);
  });
});
