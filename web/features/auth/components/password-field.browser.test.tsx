import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderInApp } from '../../../test/render-in-app';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('shows what was typed while Show is pressed, and hides it again', async () => {
    await renderInApp(<PasswordField label="Password" autoComplete="new-password" />);
    const field = page.getByLabelText('Password', { exact: true });
    const show = page.getByRole('button', { name: 'Show' });
    await userEvent.type(field, 'up2-passphrase');
    await expect.element(field).toHaveAttribute('type', 'password');
    await userEvent.click(show);
    await expect.element(field).toHaveAttribute('type', 'text');
    await expect.element(show).toHaveAttribute('aria-pressed', 'true');
    await expect.element(field).toHaveValue('up2-passphrase');
    await userEvent.click(show);
    await expect.element(field).toHaveAttribute('type', 'password');
  });
});
