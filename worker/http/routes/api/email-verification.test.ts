import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registeredMessage } from '../../../../schema/users';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

type Mail = { to: string; subject: string; text: string };

/** Runs `action` and answers what it did and the mail it sent (printed: no transport in tests). */
async function withMail<T>(action: () => Promise<T>): Promise<{ answer: T; mails: Mail[] }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const answer = await action();
  const printed = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
  log.mockRestore();
  const mails = printed
    .split('--- email (no mail transport configured) ---')
    .slice(1)
    .map((part) => {
      const [head = '', ...body] = part.split('\n\n');
      return {
        to: head.match(/To: (.*)/)?.[1] ?? '',
        subject: head.match(/Subject: (.*)/)?.[1] ?? '',
        text: body.join('\n\n'),
      };
    });
  return { answer, mails };
}

function verifyLinkIn(mail: Mail | undefined): string {
  const token = mail?.text.match(/http:\/\/localhost:5173\/verify-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no verification link in ${JSON.stringify(mail)}`);
  return token;
}

const settled = () => apiClient({ settled: true });

function registration(overrides: { email?: string; username?: string } = {}) {
  const username = overrides.username ?? uniqueName('v');
  return {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: 'a-long-passphrase',
    displayName: `Name ${username}`,
    emailOptIn: false,
  };
}

async function register(input: ReturnType<typeof registration> & { emailOptIn?: boolean }) {
  return withMail(() => readJson(settled().auth.register.$post({ json: input })));
}

async function signIn(username: string) {
  const login = await readJson(
    apiClient().auth.login.$post({ json: { username, password: 'a-long-passphrase' } }),
  );
  expectStatus(login, 200);
  return login.body.token;
}

async function me(token: string) {
  const answer = await readJson(apiClient({ token }).auth.me.$get());
  expectStatus(answer, 200);
  return answer.body.user;
}

function confirm(token: string) {
  return readJson(apiClient()['email-verification'].confirm.$post({ json: { token } }));
}

function forgotPassword(email: string) {
  return withMail(() => readJson(settled().auth['forgot-password'].$post({ json: { email } })));
}

describe('a new account proves its email address through the link mailed at registration', () => {
  it('is unverified until the link is followed, which works once', async () => {
    const input = registration();
    const { answer, mails } = await register(input);
    expectStatus(answer, 201);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [input.email, 'Confirm your Up2 email address'],
    ]);
    const token = await signIn(input.username);
    expect((await me(token)).emailVerified).toBe(false);

    const link = verifyLinkIn(mails[0]);
    const confirmed = await confirm(link);
    expectStatus(confirmed, 200);
    expect(confirmed.body.message).toContain(input.email);
    expect((await me(token)).emailVerified).toBe(true);
    expectStatus(await confirm(link), 400);
  });

  it('refuses a link after its 24 hours', async () => {
    const input = registration();
    const { mails } = await register(input);
    const row = await env.DB.prepare(
      'SELECT expires_at - created_at AS lifetime FROM email_verifications WHERE email = ?',
    )
      .bind(input.email)
      .first<{ lifetime: number }>();
    expect(Math.abs((row?.lifetime ?? 0) - 24 * 60 * 60 * 1000)).toBeLessThan(1000);
    await env.DB.prepare('UPDATE email_verifications SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1, input.email)
      .run();
    const refused = await confirm(verifyLinkIn(mails[0]));
    expectStatus(refused, 400);
    expect(refused.body.error).toContain('invalid, used or expired');
    expect((await me(await signIn(input.username))).emailVerified).toBe(false);
  });

  it('sends no password-reset mail to an unproven address, and does once it is proven', async () => {
    const input = registration();
    const { mails } = await register(input);
    const before = await forgotPassword(input.email);
    expectStatus(before.answer, 200);
    expect(before.mails).toEqual([]);

    expectStatus(await confirm(verifyLinkIn(mails[0])), 200);
    const after = await forgotPassword(input.email);
    expect(after.answer).toEqual(before.answer);
    expect(after.mails.map((mail) => mail.subject)).toEqual(['Reset your Up2 password']);
  });

  it('sends a new link from settings when asked (3 an hour), and none once proven', async () => {
    const user = await createUser();
    const asks = [];
    for (let i = 0; i < 3; i++) {
      asks.push(
        await withMail(() =>
          readJson(apiClient({ token: user.token, settled: true })['email-verification'].$post()),
        ),
      );
    }
    // Registering spent one of the hour's three mails.
    expect(asks.map(({ answer }) => answer.status)).toEqual([202, 202, 429]);
    expect(asks[2]?.answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(asks[0]?.mails.map((mail) => mail.to)).toEqual([user.email]);
    expectStatus(await confirm(verifyLinkIn(asks[1]?.mails[0])), 200);

    const proven = await withMail(() =>
      readJson(apiClient({ token: user.token, settled: true })['email-verification'].$post()),
    );
    expectStatus(proven.answer, 202);
    expect(proven.answer.body.message).toBe('Your email address is confirmed.');
    expect(proven.mails).toEqual([]);
  });

  it('a link sent again still turns on the updates the sign-up asked for', async () => {
    const input = { ...registration(), emailOptIn: true };
    await register(input);
    const token = await signIn(input.username);
    const resent = await withMail(() =>
      readJson(apiClient({ token, settled: true })['email-verification'].$post()),
    );
    expectStatus(await confirm(verifyLinkIn(resent.mails[0])), 200);
    expect(await me(token)).toMatchObject({ emailVerified: true, emailOptIn: true });
  });

  it('refuses asking for a new link signed out with 401', async () => {
    expectStatus(await readJson(apiClient()['email-verification'].$post()), 401);
  });

  it('refuses a missing token with 400 and its message', async () => {
    const refused = await confirm('');
    expectStatus(refused, 400);
    expect(refused.body.fields?.token).toContain('invalid, used or expired');
  });
});

describe('changing the email proves the new address before it replaces the old', () => {
  async function changeEmail(user: TestUser, email: string, password = user.password) {
    return withMail(() =>
      readJson(
        apiClient({ token: user.token, settled: true }).account.email.$put({
          json: { password, email },
        }),
      ),
    );
  }

  it('keeps the old address until the link mailed to the new one is followed', async () => {
    const user = await createUser({ emailVerified: true });
    await env.DB.prepare('UPDATE users SET email_opt_in = 1 WHERE id = ?').bind(user.id).run();
    const email = `${uniqueName('new')}@example.com`;
    const asked = await changeEmail(user, email.toUpperCase());
    expectStatus(asked.answer, 202);
    expect(asked.mails.map((mail) => mail.to)).toEqual([email]);
    expect(await me(user.token)).toMatchObject({ email: user.email, emailVerified: true });

    const followed = await withMail(() => confirm(verifyLinkIn(asked.mails[0])));
    expectStatus(followed.answer, 200);
    expect(await me(user.token)).toMatchObject({ email, emailVerified: true, emailOptIn: false });
    // The old, proven address is told, in case it was not its owner who asked.
    expect(followed.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.email, 'Your Up2 email address changed'],
    ]);
    expect(followed.mails[0]?.text).toContain(`is now ${email}`);
  });

  it('answers an address another account has exactly as a free one, and mails no one', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const taken = await changeEmail(user, other.email);
    const free = await changeEmail(user, `${uniqueName('free')}@example.com`);
    expectStatus(taken.answer, 202);
    expectStatus(free.answer, 202);
    expect(taken.answer.body.message.replace(other.email, 'X')).toBe(
      free.answer.body.message.replace(/\S+@example\.com/, 'X'),
    );
    expect(taken.mails).toEqual([]);
    expect(free.mails).toHaveLength(1);
    expect((await me(user.token)).email).toBe(user.email);
  });

  it('refuses a wrong password with 400 on the password field, mailing nothing', async () => {
    const user = await createUser();
    const wrong = await changeEmail(user, `${uniqueName('x')}@example.com`, 'not-it');
    expectStatus(wrong.answer, 400);
    expect(wrong.answer.body.fields).toEqual({ password: 'That is not your current password.' });
    expect(wrong.mails).toEqual([]);
  });

  it('refuses the link with 409 when another account took the address meanwhile', async () => {
    const user = await createUser();
    const email = `${uniqueName('race')}@example.com`;
    const asked = await changeEmail(user, email);
    const { answer } = await register(registration({ email }));
    expectStatus(answer, 201);
    const refused = await confirm(verifyLinkIn(asked.mails[0]));
    expectStatus(refused, 409);
    expect((await me(user.token)).email).toBe(user.email);
  });
});

describe('registration tells no one which emails have accounts', () => {
  it('answers an email that has an account exactly as a new one, creates nothing, and tells its owner', async () => {
    const owner = await createUser({ emailVerified: true });
    const fresh = await register(registration());
    const taken = await register(registration({ email: owner.email.toUpperCase() }));
    expectStatus(fresh.answer, 201);
    expectStatus(taken.answer, 201);
    expect(taken.answer.body).toEqual(fresh.answer.body);
    expect(taken.answer.body).toEqual({ message: registeredMessage });

    const accounts = await env.DB.prepare('SELECT username FROM users WHERE email = ?')
      .bind(owner.email)
      .all<{ username: string }>();
    expect(accounts.results.map((row) => row.username)).toEqual([owner.username]);
    expect(taken.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [owner.email, 'Someone tried to sign up to Up2 with your address'],
    ]);
    expect(taken.mails[0]?.text).toContain('http://localhost:5173/forgot-password');
    expect(taken.mails[0]?.text).toContain(`@${owner.username}`);
  });

  it('sends the owner of an unproven address a fresh link instead', async () => {
    const owner = await createUser();
    const taken = await register(registration({ email: owner.email }));
    expectStatus(taken.answer, 201);
    expect(taken.mails.map((mail) => mail.to)).toEqual([owner.email]);
    expectStatus(await confirm(verifyLinkIn(taken.mails[0])), 200);
    expect((await me(owner.token)).emailVerified).toBe(true);
  });

  it('still refuses a taken username with 409, whatever the email', async () => {
    const owner = await createUser();
    for (const email of [owner.email, `${uniqueName('n')}@example.com`]) {
      const refused = await register(registration({ username: owner.username, email }));
      expectStatus(refused.answer, 409);
      expect(refused.answer.body.fields).toEqual({ username: 'This username is already taken.' });
      expect(refused.mails).toEqual([]);
    }
  });
});
