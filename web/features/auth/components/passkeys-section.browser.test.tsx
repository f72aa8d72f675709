import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { type ApiCall, answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { PasskeysSection } from './passkeys-section';

// The browser's passkey prompt, answered at once as if the person had confirmed it.
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  startRegistration: async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key' }),
}));

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: null };

/** The server's side: passkeys kept here, each added under the name sent. */
function passkeyServer() {
  const passkeys: Passkey[] = [];
  return ({ method, path, body }: ApiCall) => {
    if (method === 'GET' && path === '/api/passkeys') return Response.json({ passkeys });
    if (method === 'POST' && path === '/api/passkeys/registration-options') {
      return Response.json({ challenge: 'c2VydmVy', rp: { name: 'Up2' } });
    }
    if (method === 'POST' && path === '/api/passkeys') {
      const { name } = body as { name: string };
      const passkey = {
        id: 'cred-1',
        name,
        createdAt: '2026-11-28T10:00:00.000Z',
        lastUsedAt: null,
      };
      passkeys.push(passkey);
      return Response.json({ passkey }, { status: 201 });
    }
    return Response.json({ error: 'Not here.' }, { status: 404 });
  };
}

describe('passkeys in account settings', () => {
  it('clears the name field once a passkey is added, ready to name the next', async () => {
    const onResult = vi.fn();
    answerApi(passkeyServer());
    await renderInApp(<PasskeysSection onResult={onResult} />);
    const name = page.getByRole('textbox', { name: 'Passkey name' });
    await name.fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();

    await expect.poll(() => onResult.mock.calls).toEqual([['Passkey "Work laptop" added.']]);
    await expect.element(name).toHaveValue('');
    await expect
      .element(page.getByRole('list', { name: 'Your passkeys' }))
      .toMatchTextContent('Work laptop');
  });
});
