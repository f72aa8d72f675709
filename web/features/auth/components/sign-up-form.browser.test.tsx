import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderInApp } from '../../../test/render-in-app';
import { SignUpForm } from './sign-up-form';

describe('Sign Up', () => {
  it('says so when a typed username is changed, and keeps saying it until the field is emptied', async () => {
    await renderInApp(<SignUpForm onRegistered={() => undefined} />);
    const username = page.getByRole('textbox', { name: 'Username' });
    await userEvent.type(username, 'new_b');
    await expect.element(username).toHaveValue('newb');
    await expect
      .element(page.getByText('Usernames use small letters and numbers only: "new_" became "new".'))
      .toBeVisible();
    await userEvent.type(username, 'ie');
    await expect.element(username).toHaveValue('newbie');
    await expect.element(page.getByText(/became "new"\.$/)).toBeVisible();

    await userEvent.clear(username);
    await userEvent.type(username, 'maya');
    await expect.element(page.getByText(/Usernames use small letters/)).not.toBeInTheDocument();
  });
});
