import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { SignInForm } from './sign-in-form';

// The browser's passkey requests, as Chromium keeps them: one at a time (a request made while
// another is pending is refused), an aborted one let go of only a moment later, and a pending one
// answered with a saved passkey when `pick` is called.
const browser = vi.hoisted(() => {
  const requests: { autofill: boolean; pending: boolean; pick: () => void }[] = [];
  return {
    requests,
    pick: () => requests.at(-1)?.pick(),
    async request(
      { useBrowserAutofill = false }: { useBrowserAutofill?: boolean },
      stopped: AbortSignal,
    ) {
      if (requests.some((request) => request.pending))
        throw new DOMException('A request is already pending.', 'NotAllowedError');
      return new Promise((resolve, reject) => {
        const request = {
          autofill: useBrowserAutofill,
          pending: true,
          pick: () => {
            request.pending = false;
            resolve({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} });
          },
        };
        requests.push(request);
        stopped.addEventListener('abort', () =>
          setTimeout(() => {
            request.pending = false;
            reject(new DOMException('The request was aborted.', 'AbortError'));
          }, 50),
        );
      });
    },
  };
});

vi.mock('@simplewebauthn/browser', async (original) => {
  const library = await original<typeof import('@simplewebauthn/browser')>();
  return {
    ...library,
    browserSupportsWebAuthnAutofill: async () => true,
    startAuthentication: (options: { useBrowserAutofill?: boolean }) =>
      browser.request(options, library.WebAuthnAbortService.createNewAbortSignal()),
  };
});

function answerPasskeyCalls() {
  return answerApi(({ path }) =>
    path === '/api/passkeys/sign-in-options'
      ? Response.json({ challenge: 'c2VydmVy', rpId: 'localhost' })
      : Response.json({ error: 'This passkey is not known here.' }, { status: 401 }),
  );
}

describe('Sign In with a passkey saved', () => {
  it('offers passkeys in the username field, and sends none from a screen already left', async () => {
    const calls = answerPasskeyCalls();
    const screen = await renderInApp(<SignInForm />);
    await expect
      .element(page.getByRole('textbox', { name: 'Username' }))
      .toHaveAttribute('autocomplete', 'username webauthn');
    await expect.poll(() => browser.requests.length).toBe(1);

    await screen.unmount();
    browser.pick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.map((call) => call.path)).not.toContain('/api/passkeys/sign-in');
  });

  it('"Sign in with a passkey" asks once the suggestion has let go, and sends the passkey chosen', async () => {
    browser.requests.length = 0;
    const calls = answerPasskeyCalls();
    await renderInApp(<SignInForm />);
    await expect.poll(() => browser.requests.length).toBe(1);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect
      .poll(() => browser.requests.map((request) => request.autofill))
      .toEqual([true, false]);
    browser.pick();
    await expect.poll(() => calls.map((call) => call.path)).toContain('/api/passkeys/sign-in');
  });
});
