import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  uniqueName,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const invalidCredentials = 'Invalid credentials. Please check your username and password.';
const commonPassword =
  'This password is too common: it is one of the first that attackers try. Please choose another.';

let addressCounter = 0;
/** A different address for every attempt: what an attacker with many addresses does. */
function nextAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

function login(username: string, password: string, ip = nextAddress()) {
  return readJson(apiClient({ ip }).auth.login.$post({ json: { username, password } }));
}

/** Moves the account's last failure back in time, as if `seconds` had passed. */
async function age(username: string, seconds: number) {
  await env.DB.prepare(
    'UPDATE login_failures SET last_failure_at = last_failure_at - ? WHERE username = ?',
  )
    .bind(seconds * 1000, username)
    .run();
}

describe('sign-in throttled per account, whatever address it comes from', () => {
  it('answers 5 wrong passwords, then 429 with Retry-After, from any address', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const wrong = await login(user.username, 'not-the-password');
      expectStatus(wrong, 401);
      expect(wrong.body.error).toBe(invalidCredentials);
    }
    const waiting = await login(user.username, user.password);
    expectStatus(waiting, 429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(waiting.body.error).toMatch(
      /^Too many wrong passwords for this account\. Please wait \d+ seconds/,
    );
  });

  it('makes each wait longer, refused attempts add nothing, and the right password works once it has passed', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await login(user.username, 'not-the-password');
    // Attempts during the wait do not count: the attacker cannot stretch it.
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'guess')).status).toBe(429);
    await age(user.username, 31);
    expect((await login(user.username, 'not-the-password')).status).toBe(401);
    const second = await login(user.username, user.password);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(30);
    await age(user.username, 61);
    expect((await login(user.username, user.password)).status).toBe(200);
    // A success forgets the failures: the next wrong password is free again.
    expect((await login(user.username, 'not-the-password')).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('never waits longer than 15 minutes', async () => {
    const user = await createUser();
    await env.DB.prepare(
      'INSERT INTO login_failures (username, failures, last_failure_at) VALUES (?, 40, ?)',
    )
      .bind(user.username, Date.now())
      .run();
    const waiting = await login(user.username, user.password);
    expect(Number(waiting.headers.get('retry-after'))).toBe(900);
    await age(user.username, 901);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('throttles a name no account has the same way, so the wait tells nothing', async () => {
    const name = uniqueName('ghost');
    for (let i = 0; i < 5; i++) expect((await login(name, 'whatever')).status).toBe(401);
    expect((await login(name, 'whatever')).status).toBe(429);
  });

  it('leaves other accounts alone', async () => {
    const [target, bystander] = [await createUser(), await createUser()];
    for (let i = 0; i < 5; i++) await login(target.username, 'not-the-password');
    expect((await login(target.username, target.password)).status).toBe(429);
    expect((await login(bystander.username, bystander.password)).status).toBe(200);
  });

  it('lets at most 5 of 40 parallel wrong passwords from 40 addresses reach the check', async () => {
    const user = await createUser();
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => login(user.username, 'not-the-password')),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    expect((await login(user.username, user.password)).status).toBe(429);
  });

  it('ends the wait when the owner resets the password', async () => {
    const user = await createUser({ emailVerified: true });
    for (let i = 0; i < 5; i++) await login(user.username, 'not-the-password');
    expect((await login(user.username, user.password)).status).toBe(429);
    const token = await mailedResetToken(user.email);
    const reset = await readJson(
      apiClient().auth['reset-password'].$post({
        json: { token, newPassword: 'a-brand-new-passphrase' },
      }),
    );
    expectStatus(reset, 200);
    expect((await login(user.username, 'a-brand-new-passphrase')).status).toBe(200);
  });
});

/** Signs in as a browser would, sending the cookies it keeps and keeping the ones it is given. */
function browser() {
  const jar = new Map<string, string>();
  return async (username: string, password: string) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await readJson(
      apiClient({ ip: nextAddress(), headers: cookie ? { cookie } : {} }).auth.login.$post({
        json: { username, password },
      }),
    );
    for (const set of answer.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name, value);
    }
    return answer;
  };
}

describe('a device that has signed in to the account before', () => {
  it('is not held by the wait an attacker caused, even after signing out', async () => {
    const user = await createUser();
    const ownersPhone = browser();
    const first = await ownersPhone(user.username, user.password);
    expectStatus(first, 200);
    const kept = first.headers.getSetCookie().join('\n');
    expect(kept).toMatch(/HttpOnly/);
    expect(kept).toMatch(/SameSite=Strict/);
    expectStatus(await readJson(apiClient({ token: first.body.token }).auth.logout.$post()), 200);

    for (let i = 0; i < 8; i++) await login(user.username, 'attacker-guess');
    expect((await login(user.username, user.password)).status).toBe(429);
    expectStatus(await ownersPhone(user.username, user.password), 200);
    // A new device still waits: only the one the owner used is known.
    expect((await browser()(user.username, user.password)).status).toBe(429);
  });

  it("counts its own wrong passwords apart, so they neither pass nor add to the account's wait", async () => {
    const user = await createUser();
    const device = browser();
    expectStatus(await device(user.username, user.password), 200);
    for (let i = 0; i < 5; i++) expect((await device(user.username, 'typo')).status).toBe(401);
    expect((await device(user.username, user.password)).status).toBe(429);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('is known to that account only', async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const device = browser();
    expectStatus(await device(owner.username, owner.password), 200);
    for (let i = 0; i < 5; i++) await login(other.username, 'attacker-guess');
    expect((await device(other.username, other.password)).status).toBe(429);
  });
});

const resetLinkPattern = /reset-password\?token=([\w-]+)/g;

async function forgotPassword(email: string) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const response = await fetchSettled(
    new Request('http://up2.test/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': nextAddress() },
      body: JSON.stringify({ email }),
    }),
  );
  const printed = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
  log.mockRestore();
  return {
    status: response.status,
    body: await response.json(),
    tokens: [...printed.matchAll(resetLinkPattern)].map((match) => match[1] as string),
  };
}

async function mailedResetToken(email: string): Promise<string> {
  const [token] = (await forgotPassword(email)).tokens;
  if (!token) throw new Error('no reset link was mailed');
  return token;
}

describe('forgot-password', () => {
  it('mails one address at most 3 times an hour, with the same answer every time', async () => {
    const user = await createUser({ emailVerified: true });
    const answers = [];
    let mails = 0;
    for (let i = 0; i < 5; i++) {
      const asked = await forgotPassword(user.email);
      answers.push([asked.status, asked.body]);
      mails += asked.tokens.length;
    }
    expect(mails).toBe(3);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });
});

describe('common passwords', () => {
  it('are refused at registration with a message on the password field', async () => {
    const username = uniqueName('c');
    const registered = await readJson(
      apiClient().auth.register.$post({
        json: {
          username,
          email: `${username}@example.com`,
          password: 'Password1',
          displayName: 'Common',
        },
      }),
    );
    expectStatus(registered, 400);
    expect(registered.body.fields).toEqual({ password: commonPassword });
    expect((await login(username, 'Password1')).status).toBe(401);
  });

  it('are refused when a password is reset, and the link still works for a good one', async () => {
    const user = await createUser({ emailVerified: true });
    const token = await mailedResetToken(user.email);
    const refused = await readJson(
      apiClient().auth['reset-password'].$post({ json: { token, newPassword: 'qwerty123' } }),
    );
    expectStatus(refused, 400);
    expect(refused.body.fields).toEqual({ newPassword: commonPassword });
    const reset = await readJson(
      apiClient().auth['reset-password'].$post({
        json: { token, newPassword: 'an-uncommon-passphrase' },
      }),
    );
    expectStatus(reset, 200);
  });
});

describe('passwords typed on another keyboard', () => {
  it('sign in whether the accent arrives composed (NFC) or decomposed (NFD)', async () => {
    const username = uniqueName('nfc');
    const registered = await readJson(
      apiClient().auth.register.$post({
        json: {
          username,
          email: `${username}@example.com`,
          password: 'cr\u00e8me-br\u00fbl\u00e9e',
          displayName: 'Accents',
        },
      }),
    );
    expectStatus(registered, 201);
    expect((await login(username, 'cre\u0300me-bru\u0302le\u0301e')).status).toBe(200);
    expect((await login(username, 'cr\u00e8me-br\u00fbl\u00e9e')).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends that token at once, and no other session', async () => {
    const user = await createUser();
    const other = await login(user.username, user.password);
    expectStatus(other, 200);
    const out = await readJson(apiClient({ token: user.token }).auth.logout.$post());
    expectStatus(out, 200);
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(401);
    expect((await apiClient({ token: other.body.token }).auth.me.$get()).status).toBe(200);
  });

  it('refuses a signed-out logout with 401', async () => {
    expect((await apiClient().auth.logout.$post()).status).toBe(401);
  });
});

describe('personal answers', () => {
  it('are never stored by a cache: anything asked with a session, and every account answer', async () => {
    const user = await createUser();
    const owner = await createUser();
    const answers = [
      await apiClient({ token: user.token }).auth.me.$get(),
      await apiClient({ token: user.token }).blocks.me.$get(),
      await apiClient({ token: user.token }).analytics.me.$get(),
      await apiClient({ token: user.token }).boards[':username'].$get({
        query: {},
        param: { username: owner.username },
      }),
      await apiClient().auth.login.$post({
        json: { username: user.username, password: user.password },
      }),
      await apiClient({ token: user.token }).account.export.$get(),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    const anonymous = await apiClient().boards[':username'].$get({
      query: {},
      param: { username: owner.username },
    });
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
  });
});
