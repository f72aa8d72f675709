import { describe, expect, it } from 'vitest';
import { resetPasswordForm } from './reset-password-schema';

/** The message each field shows: the first one reported for it, as the form resolver picks. */
function messagesFor(form: { newPassword: string; confirmPassword: string }) {
  const result = resetPasswordForm.safeParse(form);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('resetPasswordForm', () => {
  it('accepts two equal passwords of at least 6 characters', () => {
    expect(messagesFor({ newPassword: 'secret', confirmPassword: 'secret' })).toEqual({});
  });

  it('asks for at least 6 characters in each field', () => {
    expect(messagesFor({ newPassword: 'short', confirmPassword: 'tiny' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
    });
  });

  it('reports a mismatch on the confirmation field', () => {
    expect(messagesFor({ newPassword: 'secret12', confirmPassword: 'secret13' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});
