import { env } from 'cloudflare:workers';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registeredMessage } from '../../../../schema/users';
import {
  apiClient,
  createUser,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  uniqueName,
} from '../../../test/factories';

const testSecret = new TextEncoder().encode('test-secret-that-is-at-least-32-characters');
const invalidCredentials = 'Invalid credentials. Please check your username and password.';
const appUrl = 'http://localhost:5173';

afterEach(() => {
  vi.restoreAllMocks();
});

function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('r');
  return {
    username,
    email: `${username}@example.com`,
    password: 'up2-test-passphrase',
    displayName: `Name ${username}`,
    emailOptIn: false,
    ...overrides,
  };
}

function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `198.51.${octet()}.${octet()}`;
}

/** Calls the Worker's own fetch handler and waits for the work it left in waitUntil (mail). */
async function callAndSettle(method: string, path: string, body: unknown) {
  const request = new Request(`http://up2.test${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
    body: JSON.stringify(body),
  });
  const response = await fetchSettled(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function printedText(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
}

/** Asks for a reset link for `email` and returns the raw token from the printed email. */
async function requestResetToken(email: string): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const answer = await callAndSettle('POST', '/api/auth/forgot-password', { email });
  expect(answer.status).toBe(200);
  const match = printedText(log).match(/http:\/\/localhost:5173\/reset-password\?token=([\w-]+)/);
  log.mockRestore();
  if (!match?.[1]) throw new Error('no reset link was printed');
  return match[1];
}

async function storedUser(id: number) {
  return env.DB.prepare('SELECT username, email, password_hash FROM users WHERE id = ?')
    .bind(id)
    .first<{ username: string; email: string; password_hash: string }>();
}

function storedUserNamed(username: string) {
  return env.DB.prepare('SELECT * FROM users WHERE username = ?')
    .bind(username)
    .first<Record<string, string | number | null>>();
}

async function storedProfile(id: number) {
  return env.DB.prepare(
    'SELECT display_name, bio, tagline, avatar, email, is_public FROM users WHERE id = ?',
  )
    .bind(id)
    .first<Record<string, string | number | null>>();
}

function login(username: string, password: string, ip?: string) {
  return readJson(apiClient({ ip }).auth.login.$post({ json: { username, password } }));
}

function sessionToken(sessionId: string) {
  return new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setIssuer('up2');
}

/** The session the user's sign-in started (createUser signs in once). */
async function liveSessionOf(user: { id: number }): Promise<string> {
  const row = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?')
    .bind(user.id)
    .first<{ id: string }>();
  if (!row) throw new Error('the user has no session');
  return row.id;
}

describe('POST /api/auth/register', () => {
  it('creates the account with 201 and answers only a message: no user, no password hash', async () => {
    const input = registration();
    const response = await readJson(apiClient().auth.register.$post({ json: input }));
    expectStatus(response, 201);
    expect(response.body).toEqual({ message: registeredMessage });
    expect(await storedUserNamed(input.username)).toMatchObject({
      email: input.email,
      display_name: input.displayName,
      is_public: 1,
      is_admin: 0,
      email_verified: 0,
    });
  });

  it('lower-cases the username', async () => {
    const input = registration({ username: uniqueName('MiXeD').replace('i', 'I') });
    const response = await readJson(apiClient().auth.register.$post({ json: input }));
    expectStatus(response, 201);
    expect(await storedUserNamed(input.username.toLowerCase())).not.toBeNull();
    expect(await storedUserNamed(input.username)).toBeNull();
  });

  it('stores the email lower-cased, so the same address in another case makes no second account', async () => {
    const local = uniqueName('mail');
    const first = registration({ email: `${local.toUpperCase()}@X-Example.COM` });
    expectStatus(await readJson(apiClient().auth.register.$post({ json: first })), 201);
    expect((await storedUserNamed(first.username))?.email).toBe(`${local}@x-example.com`);

    const second = registration({ email: `${local}@x-example.com` });
    const again = await readJson(apiClient().auth.register.$post({ json: second }));
    expectStatus(again, 201);
    expect(await storedUserNamed(second.username)).toBeNull();
  });

  it('refuses a username already taken, in any case, with 409 on fields.username', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient().auth.register.$post({
        json: registration({ username: user.username.toUpperCase() }),
      }),
    );
    expectStatus(response, 409);
    expect(response.body.fields).toHaveProperty('username');
  });

  it.each([
    { problem: 'missing', username: undefined, message: 'Username is required' },
    { problem: 'empty', username: '', message: 'Username is required' },
    { problem: '2 characters', username: 'ab', message: 'Username must be at least 3 characters' },
    {
      problem: '21 characters',
      username: 'a'.repeat(21),
      message: 'Username must be 20 characters or less',
    },
    {
      problem: 'not only letters and numbers',
      username: 'bad_name',
      message: 'Only letters and numbers, 3-20 characters',
    },
    {
      problem: 'containing a space',
      username: 'bad name',
      message: 'Only letters and numbers, 3-20 characters',
    },
  ])('refuses a username that is $problem with "$message"', async ({ username, message }) => {
    const body = registration({ username });
    const response = await readJson(apiClient().auth.register.$post({ json: body }));
    expectStatus(response, 400);
    expect(response.body.error).toBe(message);
    expect(response.body.fields?.username).toBe(message);
  });

  it('refuses a password under 6 characters, saying it must be at least 6 long', async () => {
    const response = await readJson(
      apiClient().auth.register.$post({ json: registration({ password: 'abc12' }) }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe('Password must be at least 6 characters long.');
    expect(response.body.fields?.password).toBe('Password must be at least 6 characters long.');
  });

  it.each(['not-an-email', 'a@b', '@example.com', ''])(
    'refuses the email %j with "Please enter a valid email address"',
    async (email) => {
      const response = await readJson(
        apiClient().auth.register.$post({ json: registration({ email }) }),
      );
      expectStatus(response, 400);
      expect(response.body.error).toBe('Please enter a valid email address');
      expect(response.body.fields?.email).toBe('Please enter a valid email address');
    },
  );

  it.each([
    ['isAdmin', true],
    ['tokenVersion', 5],
    ['passwordHash', 'pbkdf2-sha256$1$AAAA$AAAA'],
  ])('refuses the unknown field %s with 400', async (field, value) => {
    const input = registration({ [field]: value });
    const response = await readJson(apiClient().auth.register.$post({ json: input }));
    expectStatus(response, 400);
    expect(typeof response.body.error).toBe('string');
    const login = await readJson(
      apiClient().auth.login.$post({
        json: { username: input.username, password: input.password },
      }),
    );
    expectStatus(login, 401);
  });

  it.each(['api', 'dashboard', 'embed', 'discover', 'settings', 'API'])(
    'refuses the reserved username %s with 400',
    async (username) => {
      const response = await readJson(
        apiClient().auth.register.$post({
          json: registration({ username, email: `${uniqueName('res')}@example.com` }),
        }),
      );
      expectStatus(response, 400);
      expect(response.body.error).toBe('This username is reserved. Please choose another.');
      expect(response.body.fields?.username).toBe(
        'This username is reserved. Please choose another.',
      );
    },
  );

  it('gives no one the owner account by registering the name admin', async () => {
    const response = await readJson(
      apiClient().auth.register.$post({
        json: registration({ username: 'admin', email: `${uniqueName('adm')}@example.com` }),
      }),
    );
    expectStatus(response, 400);
    expect(response.body.fields?.username).toBe(
      'This username is reserved. Please choose another.',
    );
  });

  it('stores the password as pbkdf2-sha256 with 100000 iterations, a salt and a hash', async () => {
    const user = await createUser();
    const stored = await storedUser(user.id);
    expect(stored?.password_hash).toMatch(
      /^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    );
    expect(stored?.password_hash).not.toContain(user.password);
  });

  it('salts each password: two accounts with the same password store different hashes', async () => {
    const first = await createUser();
    const second = await createUser();
    expect(first.password).toBe(second.password);
    expect((await storedUser(first.id))?.password_hash).not.toBe(
      (await storedUser(second.id))?.password_hash,
    );
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with a token and the user', async () => {
    const user = await createUser();
    const response = await login(user.username, user.password);
    expectStatus(response, 200);
    expect(typeof response.body.token).toBe('string');
    expect(response.body.token.split('.')).toHaveLength(3);
    expect(response.body.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      isAdmin: false,
    });
    expect(response.body.user).not.toHaveProperty('passwordHash');
    const me = await apiClient({ token: response.body.token }).auth.me.$get();
    expect(me.status).toBe(200);
  });

  it('treats the username case-insensitively', async () => {
    const user = await createUser();
    const response = await login(user.username.toUpperCase(), user.password);
    expectStatus(response, 200);
    expect(response.body.user.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown user with the same 401 and message', async () => {
    const user = await createUser();
    const wrongPassword = await login(user.username, 'not-the-password');
    const unknownUser = await login(uniqueName('nobody'), user.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: invalidCredentials });
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it('refuses a missing password with 400 "Password is required"', async () => {
    const response = await readJson(
      apiClient().auth.login.$post({ json: offContract({ username: 'someone' }) }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe('Password is required');
  });

  it('limits login attempts from one address: 429 with Retry-After after 10 a minute', async () => {
    const user = await createUser();
    const ip = randomIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // Each attempt names another account: the per-account throttle (sign-in.test.ts) stays out.
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const response = await apiClient({ ip }).auth.login.$post({
        json: { username: uniqueName('guess'), password: 'wrong-password' },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        expect(await response.json()).toEqual({
          error: 'Too many attempts. Please wait a minute and try again.',
        });
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address is not held back by the first one's attempts.
    const elsewhere = await login(user.username, user.password, randomIp());
    expect(elsewhere.status).toBe(200);
  });
});

describe('GET and PUT /api/auth/me', () => {
  it('answers the signed-in user as { user } with email and isAdmin', async () => {
    const user = await createUser();
    const response = await readJson(apiClient({ token: user.token }).auth.me.$get());
    expectStatus(response, 200);
    expect(response.body).toEqual({ user: expect.any(Object) });
    expect(response.body.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      isAdmin: false,
    });
    expect(response.body.user).not.toHaveProperty('passwordHash');
  });

  it('shows the email and isAdmin only to the owner, never on the public board', async () => {
    const user = await createUser();
    const publicView = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: user.username } }),
    );
    expectStatus(publicView, 200);
    expect(publicView.body.user).not.toHaveProperty('email');
    expect(publicView.body.user).not.toHaveProperty('isAdmin');
    expect(JSON.stringify(publicView.body)).not.toContain(user.email);
    const ownView = await readJson(
      apiClient({ token: user.token }).boards[':username'].$get({
        query: {},
        param: { username: user.username },
      }),
    );
    expectStatus(ownView, 200);
    expect(ownView.body.user).toHaveProperty('email', user.email);
  });

  it('answers PUT /me with the updated user as { user }', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).auth.me.$put({ json: { tagline: 'Always curious' } }),
    );
    expectStatus(response, 200);
    expect(response.body).toEqual({ user: expect.any(Object) });
    expect(response.body.user).toMatchObject({
      id: user.id,
      tagline: 'Always curious',
      email: user.email,
      isAdmin: false,
    });
  });

  it('changes only the profile fields sent', async () => {
    const user = await createUser();
    const first = await apiClient({ token: user.token }).auth.me.$put({
      json: { bio: 'Learning things', tagline: 'Always curious' },
    });
    expectStatus(first, 200);
    const second = await apiClient({ token: user.token }).auth.me.$put({
      json: { displayName: 'New Name' },
    });
    expectStatus(second, 200);
    expect(await storedProfile(user.id)).toMatchObject({
      display_name: 'New Name',
      bio: 'Learning things',
      tagline: 'Always curious',
      email: user.email,
      is_public: 1,
    });
  });

  it('clears a profile text field sent as ""', async () => {
    const user = await createUser();
    await apiClient({ token: user.token }).auth.me.$put({ json: { bio: 'Something' } });
    expect((await storedProfile(user.id))?.bio).toBe('Something');
    const response = await apiClient({ token: user.token }).auth.me.$put({ json: { bio: '' } });
    expectStatus(response, 200);
    expect((await storedProfile(user.id))?.bio).toBeNull();
  });

  it('refuses a bio over 280 characters with 400 and its message', async () => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).auth.me.$put({ json: { bio: 'x'.repeat(281) } }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe('Bio must be 280 characters or less.');
    expect(response.body.fields?.bio).toBe('Bio must be 280 characters or less.');
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '/api/images/avatars/1/../x.png'])(
    'refuses the avatar %j with 400',
    async (avatar) => {
      const user = await createUser();
      const response = await readJson(
        apiClient({ token: user.token }).auth.me.$put({ json: { avatar } }),
      );
      expectStatus(response, 400);
      expect(response.body.fields?.avatar).toBe('Avatar must start with http:// or https://');
    },
  );

  it('accepts an avatar that is an image path this app serves', async () => {
    const user = await createUser();
    const avatar = `/api/images/avatars/1/${crypto.randomUUID()}.png`;
    const response = await apiClient({ token: user.token }).auth.me.$put({ json: { avatar } });
    expectStatus(response, 200);
    expect((await storedProfile(user.id))?.avatar).toBe(avatar);
  });

  it('refuses an empty update with 400', async () => {
    const user = await createUser();
    const response = await readJson(apiClient({ token: user.token }).auth.me.$put({ json: {} }));
    expectStatus(response, 400);
    expect(response.body.error).toBe('Send at least one field to change.');
  });

  it.each([
    ['username', 'someoneelse'],
    ['email', 'other@example.com'],
    ['isAdmin', true],
    ['tokenVersion', 0],
  ])('refuses to change %s through the profile (400)', async (field, value) => {
    const user = await createUser();
    const response = await readJson(
      apiClient({ token: user.token }).auth.me.$put({ json: { [field]: value } }),
    );
    expectStatus(response, 400);
    const stored = await storedUser(user.id);
    expect(stored).toMatchObject({ username: user.username, email: user.email });
  });
});

describe('session tokens', () => {
  it('refuses a request without a token with 401', async () => {
    const response = await readJson(apiClient().auth.me.$get());
    expectStatus(response, 401);
    expect(response.body).toEqual({ error: 'Please sign in first.' });
  });

  it.each(['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.'])(
    'refuses the garbage token %j with 401',
    async (token) => {
      const response = await readJson(apiClient({ token }).auth.me.$get());
      expectStatus(response, 401);
      expect(typeof response.body.error).toBe('string');
    },
  );

  it('accepts a token crafted with the test secret (control for the refusals below)', async () => {
    const user = await createUser();
    const token = await sessionToken(await liveSessionOf(user))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(testSecret);
    const response = await readJson(apiClient({ token }).auth.me.$get());
    expectStatus(response, 200);
  });

  it('refuses a token signed with another secret with 401', async () => {
    const user = await createUser();
    const token = await sessionToken(await liveSessionOf(user))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    expect((await apiClient({ token }).auth.me.$get()).status).toBe(401);
  });

  it('refuses an unsigned alg "none" token with 401', async () => {
    const user = await createUser();
    const token = new UnsecuredJWT({ sid: await liveSessionOf(user) })
      .setIssuer('up2')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(token.endsWith('.')).toBe(true);
    expect((await apiClient({ token }).auth.me.$get()).status).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = await sessionToken(await liveSessionOf(user))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(testSecret);
    const response = await readJson(apiClient({ token }).auth.me.$get());
    expectStatus(response, 401);
    expect(response.body.error).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses a token without an expiry with 401', async () => {
    const user = await createUser();
    const token = await sessionToken(await liveSessionOf(user))
      .setIssuedAt()
      .sign(testSecret);
    expect((await apiClient({ token }).auth.me.$get()).status).toBe(401);
  });

  it('refuses a token from another issuer with 401', async () => {
    const user = await createUser();
    const token = await new SignJWT({ sid: await liveSessionOf(user) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('someone-else')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(testSecret);
    expect((await apiClient({ token }).auth.me.$get()).status).toBe(401);
  });

  it('refuses a token naming a session that never existed with 401', async () => {
    const token = await sessionToken(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(testSecret);
    expect((await apiClient({ token }).auth.me.$get()).status).toBe(401);
  });

  it('refuses the token of a session that has ended with 401', async () => {
    const user = await createUser();
    const sessionId = await liveSessionOf(user);
    await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(sessionId).run();
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(401);
  });
});

describe('password reset', () => {
  const forgotAnswer = {
    message: "If an account exists with that email, we've sent password reset instructions",
  };

  it('answers forgot-password with the same 200 body for a known and an unknown email', async () => {
    const user = await createUser({ emailVerified: true });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const known = await callAndSettle('POST', '/api/auth/forgot-password', { email: user.email });
    const unknown = await callAndSettle('POST', '/api/auth/forgot-password', {
      email: `${uniqueName('ghost')}@example.com`,
    });
    expect(known).toEqual({ status: 200, body: forgotAnswer });
    expect(unknown).toEqual(known);
    // Only the known address was sent a link.
    expect(printedText(log).match(/reset-password\?token=/g)).toHaveLength(1);
    expect(printedText(log)).toContain(`To: ${user.email}`);
  });

  it('refuses forgot-password for an invalid email, asking for a valid address', async () => {
    const response = await readJson(
      apiClient().auth['forgot-password'].$post({ json: { email: 'not-an-email' } }),
    );
    expectStatus(response, 400);
    expect(response.body.error).toBe('Please enter a valid email address');
  });

  it('emails a link to APP_URL/reset-password carrying the token', async () => {
    const user = await createUser({ emailVerified: true });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await callAndSettle('POST', '/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const text = printedText(log);
    expect(text).toContain(`To: ${user.email}`);
    expect(text).toMatch(new RegExp(`${appUrl}/reset-password\\?token=[\\w-]{20,}`));
  });

  it('stores the reset token only as a hash', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    const rows = await env.DB.prepare('SELECT * FROM password_reset_tokens WHERE user_id = ?')
      .bind(user.id)
      .all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(token);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(rows.results[0]?.token_hash).toBe(hex);
  });

  it('sets the new password with the emailed token: the old one fails, the new one works', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    const reset = await readJson(
      apiClient().auth['reset-password'].$post({ json: { token, newPassword: 'brand-new-pass' } }),
    );
    expectStatus(reset, 200);
    expect(typeof reset.body.message).toBe('string');
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, 'brand-new-pass')).status).toBe(200);
  });

  it('tells whether a reset link still works without using it: fresh yes, used, expired or unknown no', async () => {
    const check = async (token: string) => {
      const answer = await readJson(
        apiClient().auth['reset-password'].check.$post({ json: { token } }),
      );
      expectStatus(answer, 200);
      return answer.body.usable;
    };
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    expect(await check(token)).toBe(true);
    // Checking twice leaves the link as it was: it still resets the password.
    expect(await check(token)).toBe(true);
    const used = await apiClient().auth['reset-password'].$post({
      json: { token, newPassword: 'checked-then-used' },
    });
    expect(used.status).toBe(200);
    expect(await check(token)).toBe(false);
    expect(await check('no-such-token')).toBe(false);

    const later = await createUser({ emailVerified: true });
    const expiring = await requestResetToken(later.email);
    await env.DB.prepare('UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1000, later.id)
      .run();
    expect(await check(expiring)).toBe(false);
  });

  it('refuses the same reset token a second time with 400', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    const first = await apiClient().auth['reset-password'].$post({
      json: { token, newPassword: 'first-new-pass' },
    });
    expectStatus(first, 200);
    const second = await readJson(
      apiClient().auth['reset-password'].$post({ json: { token, newPassword: 'second-new-pass' } }),
    );
    expectStatus(second, 400);
    expect(typeof second.body.error).toBe('string');
    expect((await login(user.username, 'first-new-pass')).status).toBe(200);
    expect((await login(user.username, 'second-new-pass')).status).toBe(401);
  });

  it('burns every other reset link of the user once one is used', async () => {
    const user = await createUser({ emailVerified: true });
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(second).not.toBe(first);
    const used = await apiClient().auth['reset-password'].$post({
      json: { token: first, newPassword: 'used-first-link' },
    });
    expect(used.status).toBe(200);
    const stale = await apiClient().auth['reset-password'].$post({
      json: { token: second, newPassword: 'used-second-link' },
    });
    expect(stale.status).toBe(400);
    expect((await login(user.username, 'used-first-link')).status).toBe(200);
  });

  it('refuses an expired reset token with 400 and keeps the password', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    await env.DB.prepare('UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1000, user.id)
      .run();
    const response = await readJson(
      apiClient().auth['reset-password'].$post({ json: { token, newPassword: 'too-late-pass' } }),
    );
    expectStatus(response, 400);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('refuses a made-up reset token with 400', async () => {
    const response = await readJson(
      apiClient().auth['reset-password'].$post({
        json: { token: 'made-up-token-value', newPassword: 'whatever-pass' },
      }),
    );
    expectStatus(response, 400);
  });

  it('signs out every session issued before the reset, while a fresh login works', async () => {
    const user = await createUser({ emailVerified: true });
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(200);
    const token = await requestResetToken(user.email);
    await apiClient().auth['reset-password'].$post({
      json: { token, newPassword: 'after-reset-1' },
    });
    const old = await readJson(apiClient({ token: user.token }).auth.me.$get());
    expectStatus(old, 401);
    const fresh = await login(user.username, 'after-reset-1');
    expectStatus(fresh, 200);
    expect((await apiClient({ token: fresh.body.token }).auth.me.$get()).status).toBe(200);
  });

  it('refuses a new password under 6 characters with 400 and keeps the token usable', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await requestResetToken(user.email);
    const short = await readJson(
      apiClient().auth['reset-password'].$post({ json: { token, newPassword: 'abc' } }),
    );
    expectStatus(short, 400);
    expect(short.body.error).toBe('Password must be at least 6 characters');
    expect(short.body.fields?.newPassword).toBe('Password must be at least 6 characters');
    const valid = await apiClient().auth['reset-password'].$post({
      json: { token, newPassword: 'long-enough' },
    });
    expect(valid.status).toBe(200);
  });
});
