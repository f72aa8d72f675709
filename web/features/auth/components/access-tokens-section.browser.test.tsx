import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { AccessTokenItem } from '../../../../schema/access-tokens';
import { type ApiCall, answerApi, heldAnswer } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { AccessTokensSection } from './access-tokens-section';

const secret = 'up2_pat_kq3VZJx8Qn1y0p4o2cT9b7wEaFhLgRmSdUvXiYzN5Ak';

const made: AccessTokenItem = {
  id: 3,
  name: 'iOS Shortcut',
  scopes: ['read', 'blocks:write'],
  createdAt: '2026-11-26T10:00:00.000Z',
  lastUsedAt: null,
};

/** The server's side: tokens kept here, the secret answered only by the POST that made one. */
function tokenServer(initial: AccessTokenItem[] = []) {
  let tokens = [...initial];
  return ({ method, path, body }: ApiCall) => {
    if (method === 'GET' && path === '/api/account/tokens') return Response.json({ tokens });
    if (method === 'POST' && path === '/api/account/tokens') {
      const { name, scopes } = body as Pick<AccessTokenItem, 'name' | 'scopes'>;
      const token = { ...made, name, scopes };
      tokens = [token, ...tokens];
      return Response.json({ token, secret }, { status: 201 });
    }
    if (method === 'DELETE' && path === `/api/account/tokens/${made.id}`) {
      tokens = tokens.filter((token) => token.id !== made.id);
      return Response.json({ message: 'Token revoked.' });
    }
    return Response.json({ error: 'Not here.' }, { status: 404 });
  };
}

const button = (name: string) => page.getByRole('button', { name, exact: true });

describe('personal access tokens in account settings', () => {
  it('shows a new token once: after Done it is nowhere on the screen, and the list never shows it', async () => {
    const calls = answerApi(tokenServer());
    await renderInApp(<AccessTokensSection onResult={vi.fn()} />);
    await page.getByRole('textbox', { name: 'Token name' }).fill('iOS Shortcut');
    await page.getByRole('checkbox', { name: /^read:/ }).click();
    await button('Create Token').click();

    const shown = page.getByRole('textbox', { name: /Copy your new token now/ });
    await expect.element(shown).toHaveValue(secret);
    await expect
      .element(page.getByRole('list', { name: 'Your tokens' }))
      .toMatchTextContent(/iOS Shortcut.*blocks:write.*Never used yet/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'iOS Shortcut',
      scopes: ['blocks:write'],
    });

    await button('Done').click();
    await expect.element(shown).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(secret);
    await expect.element(page.getByText('iOS Shortcut')).toBeVisible();
  });

  it('lists name, scopes, created and last used, and revokes a token', async () => {
    const onResult = vi.fn();
    answerApi(tokenServer([{ ...made, lastUsedAt: '2026-11-26T12:30:00.000Z' }]));
    await renderInApp(<AccessTokensSection onResult={onResult} />);
    const list = page.getByRole('list', { name: 'Your tokens' });
    await expect.element(list).toMatchTextContent('read, blocks:write');
    await expect.element(list).toMatchTextContent(/Created Nov 26, 2026/);
    await expect.element(list).toMatchTextContent(/Last used Nov 26, 2026/);

    await button('Revoke token iOS Shortcut').click();
    await expect.poll(() => onResult.mock.calls).toEqual([['Token revoked.']]);
    await expect.element(list).not.toBeInTheDocument();
  });

  it('lists a token made while the first read of the list was still under way', async () => {
    const server = tokenServer();
    const firstRead = heldAnswer();
    let reads = 0;
    answerApi((call) =>
      call.method === 'GET' && ++reads === 1 ? firstRead.response : server(call),
    );
    await renderInApp(<AccessTokensSection onResult={vi.fn()} />);
    await page.getByRole('textbox', { name: 'Token name' }).fill('iOS Shortcut');
    await button('Create Token').click();
    await expect
      .element(page.getByRole('textbox', { name: /Copy your new token now/ }))
      .toBeVisible();
    // The read that began before the token existed answers last, with no tokens.
    firstRead.settle(Response.json({ tokens: [] }));
    await expect
      .element(page.getByRole('list', { name: 'Your tokens' }))
      .toMatchTextContent(/iOS Shortcut/);
  });

  it("shows the server's field message beside the field it names", async () => {
    answerApi(({ method }) =>
      method === 'GET'
        ? Response.json({ tokens: [] })
        : Response.json(
            { error: 'Invalid input.', fields: { name: 'A token name is 50 characters at most.' } },
            { status: 400 },
          ),
    );
    const onResult = vi.fn();
    await renderInApp(<AccessTokensSection onResult={onResult} />);
    await page.getByRole('textbox', { name: 'Token name' }).fill('CI');
    await button('Create Token').click();
    await expect.element(page.getByText('A token name is 50 characters at most.')).toBeVisible();
    expect(onResult).not.toHaveBeenCalled();
  });
});
