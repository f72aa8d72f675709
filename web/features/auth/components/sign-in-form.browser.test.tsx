import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { SignInForm } from './sign-in-form';

// The browser's passkey suggestions: a saved passkey the browser answers with when `pick` is called,
// as it would once the person picked it (or, as automated browsers do, by itself).
const browser = vi.hoisted(() => {
  let pick: () => void = () => undefined;
  const asked = { count: 0 };
  return {
    asked,
    pick: () => pick(),
    ceremony: () =>
      new Promise((resolve) => {
        asked.count += 1;
        pick = () => resolve({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} });
      }),
  };
});

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthnAutofill: async () => true,
  startAuthentication: browser.ceremony,
}));

describe('Sign In with a passkey saved', () => {
  it('offers passkeys in the username field, and sends none from a screen already left', async () => {
    const calls = answerApi(({ path }) =>
      path === '/api/passkeys/sign-in-options'
        ? Response.json({ challenge: 'c2VydmVy', rpId: 'localhost' })
        : Response.json({ error: 'This passkey is not known here.' }, { status: 401 }),
    );
    const screen = await renderInApp(<SignInForm />);
    await expect
      .element(page.getByRole('textbox', { name: 'Username' }))
      .toHaveAttribute('autocomplete', 'username webauthn');
    await expect.poll(() => browser.asked.count).toBe(1);

    await screen.unmount();
    browser.pick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.map((call) => call.path)).not.toContain('/api/passkeys/sign-in');
  });
});
