import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendMail } from './mail';

afterEach(() => {
  vi.restoreAllMocks();
});

const resetMail = {
  to: 'maya@example.com',
  subject: 'Reset your Up2 password',
  text: 'Open http://up2.test/reset-password?token=secret-token-123 within the next hour.',
};

function logged(...spies: { mock: { calls: unknown[][] } }[]): string {
  return spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join('\n');
}

describe('sendMail with no transport', () => {
  it('in production logs that the message was not sent, never its link or its address', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await sendMail({ ...env, ENVIRONMENT: 'production', MAIL_TO_CONSOLE: 'false' }, resetMail);
    const written = logged(log, error);
    expect(written).toContain('"Reset your Up2 password" was not sent');
    expect(written).not.toContain('secret-token-123');
    expect(written).not.toContain('maya@example.com');
  });

  it('prints the whole message in development, and where MAIL_TO_CONSOLE asks for it', async () => {
    for (const settings of [
      { ENVIRONMENT: 'development', MAIL_TO_CONSOLE: 'false' },
      { ENVIRONMENT: 'production', MAIL_TO_CONSOLE: 'true' },
    ]) {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      await sendMail({ ...env, ...settings }, resetMail);
      expect(logged(log)).toContain('token=secret-token-123');
      log.mockRestore();
    }
  });
});
