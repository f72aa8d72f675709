import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  call,
  callJson,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';

async function registrationOptions(user: TestUser) {
  const options = await readJson(
    apiClient({ token: user.token }).passkeys['registration-options'].$post(),
  );
  expectStatus(options, 200);
  return options.body;
}

/** Adds a passkey to the account through the API, as the settings screen does. */
async function addPasskey(user: TestUser, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const response = await authenticator.register(await registrationOptions(user));
  return readJson(apiClient({ token: user.token }).passkeys.$post({ json: { name, response } }));
}

async function signInOptions() {
  const options = await readJson(apiClient().passkeys['sign-in-options'].$post());
  expectStatus(options, 200);
  return options.body;
}

function signIn(response: Awaited<ReturnType<SoftwareAuthenticator['signIn']>>) {
  return readJson(apiClient().passkeys['sign-in'].$post({ json: { response } }));
}

async function listPasskeys(user: TestUser) {
  const list = await readJson(apiClient({ token: user.token }).passkeys.$get());
  expectStatus(list, 200);
  return list.body.passkeys;
}

describe('adding a passkey in account settings', () => {
  it('asks for a discoverable credential for this site, naming the account', async () => {
    const user = await createUser();
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ name: 'Up2', id: 'localhost' });
    expect(options.user.name).toBe(user.username);
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect(options.challenge.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the passkey under its name, listed with no use yet, and never its key', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    const added = await addPasskey(user, authenticator, 'My phone');
    expectStatus(added, 201);
    expect(added.body.passkey).toMatchObject({
      id: authenticator.credentialId,
      name: 'My phone',
      lastUsedAt: null,
    });
    expect(await listPasskeys(user)).toEqual([added.body.passkey]);
    expect(JSON.stringify(added.body)).not.toContain('publicKey');
  });

  it('refuses an answer to a challenge already used, or never handed out, with 400', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    const options = await registrationOptions(user);
    const response = await authenticator.register(options);
    const api = apiClient({ token: user.token });
    expectStatus(await readJson(api.passkeys.$post({ json: { name: 'One', response } })), 201);
    const replayed = await readJson(api.passkeys.$post({ json: { name: 'Two', response } }));
    expectStatus(replayed, 400);
    expect(replayed.body.error).toBe('This passkey could not be added. Please try again.');

    const madeUp = await authenticator.register({ ...options, challenge: 'bm90LWhhbmRlZC1vdXQ' });
    expectStatus(
      await readJson(api.passkeys.$post({ json: { name: 'X', response: madeUp } })),
      400,
    );
    expect(await listPasskeys(user)).toHaveLength(1);
  });

  it("refuses another account's challenge, and a passkey made for another site", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const stolen = await (await SoftwareAuthenticator.create()).register(
      await registrationOptions(other),
    );
    expectStatus(
      await readJson(
        apiClient({ token: user.token }).passkeys.$post({ json: { name: 'X', response: stolen } }),
      ),
      400,
    );
    const phished = await SoftwareAuthenticator.create('https://up2.example.evil');
    expectStatus(await addPasskey(user, phished), 400);
    expect(await listPasskeys(user)).toEqual([]);
  });

  it('refuses a name that is empty with 400 on the name field', async () => {
    const user = await createUser();
    const refused = await addPasskey(user, await SoftwareAuthenticator.create(), '  ');
    expectStatus(refused, 400);
    expect(refused.body.fields?.name).toBe('Please name this passkey.');
  });

  it('refuses everything signed out with 401', async () => {
    expectStatus(await readJson(apiClient().passkeys['registration-options'].$post()), 401);
    expectStatus(await readJson(apiClient().passkeys.$get()), 401);
  });
});

describe('signing in with a passkey', () => {
  it('gives the same session a password gives, and records the use', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    expectStatus(await addPasskey(user, authenticator), 201);
    const options = await signInOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);

    const signedIn = await signIn(await authenticator.signIn(options));
    expectStatus(signedIn, 200);
    expect(signedIn.body.user).toMatchObject({ id: user.id, username: user.username });
    const me = await readJson(apiClient({ token: signedIn.body.token }).auth.me.$get());
    expectStatus(me, 200);
    expect(me.body.user.id).toBe(user.id);
    const [listed] = await listPasskeys(user);
    expect(Date.now() - Date.parse(listed?.lastUsedAt ?? '')).toBeLessThan(60_000);

    const out = await readJson(apiClient({ token: signedIn.body.token }).auth.logout.$post());
    expectStatus(out, 200);
    expectStatus(await readJson(apiClient({ token: signedIn.body.token }).auth.me.$get()), 401);
  });

  it('uses a challenge once: the same signed answer sent again is refused with 401', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(user, authenticator);
    const response = await authenticator.signIn(await signInOptions());
    expectStatus(await signIn(response), 200);
    const replayed = await signIn(response);
    expectStatus(replayed, 401);
    expect(replayed.body.error).toContain('This passkey did not sign you in.');
  });

  it('refuses a challenge older than its 5 minutes with 401', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(user, authenticator);
    const options = await signInOptions();
    const stored = await env.DB.prepare(
      'SELECT expires_at FROM webauthn_challenges WHERE challenge = ?',
    )
      .bind(options.challenge)
      .first<{ expires_at: number }>();
    expect((stored?.expires_at ?? 0) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge = ?')
      .bind(Date.now() - 1, options.challenge)
      .run();
    expectStatus(await signIn(await authenticator.signIn(options)), 401);
  });

  it('refuses a passkey this site never added, and a signature that does not verify, with 401', async () => {
    const user = await createUser();
    const stranger = await SoftwareAuthenticator.create();
    expectStatus(await signIn(await stranger.signIn(await signInOptions())), 401);

    const own = await SoftwareAuthenticator.create();
    await addPasskey(user, own);
    const response = await own.signIn(await signInOptions());
    const forged = {
      ...response,
      response: { ...response.response, signature: response.response.signature.slice(0, -4) },
    };
    expectStatus(await signIn(forged), 401);
  });

  it('is not held by the wait after wrong passwords: only password sign-ins wait', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(user, authenticator);
    for (let i = 0; i < 6; i++) {
      await readJson(
        apiClient().auth.login.$post({ json: { username: user.username, password: 'wrong-one' } }),
      );
    }
    const password = await readJson(
      apiClient().auth.login.$post({ json: { username: user.username, password: user.password } }),
    );
    expectStatus(password, 429);
    const passkey = await signIn(await authenticator.signIn(await signInOptions()));
    expectStatus(passkey, 200);
    expect(passkey.body.user.username).toBe(user.username);
  });

  it('leaves the device known, as a password sign-in does: its password then passes the wait', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(user, authenticator);
    const passkey = await call('POST', '/api/passkeys/sign-in', {
      body: { response: await authenticator.signIn(await signInOptions()) },
    });
    expect(passkey.status).toBe(200);
    const deviceCookie = passkey.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(deviceCookie).toMatch(new RegExp(`^up2_device_${user.id}=.+`));
    for (let i = 0; i < 6; i++) {
      await call('POST', '/api/auth/login', {
        body: { username: user.username, password: 'wrong-one' },
      });
    }
    const credentials = { username: user.username, password: user.password };
    const unknownDevice = await call('POST', '/api/auth/login', { body: credentials });
    expect(unknownDevice.status).toBe(429);
    const knownDevice = await call('POST', '/api/auth/login', {
      body: credentials,
      headers: { cookie: deviceCookie },
    });
    expect(knownDevice.status).toBe(200);
  });

  it('refuses a body that is not a WebAuthn answer with 400', async () => {
    const refused = await callJson<{ error: string }>('POST', '/api/passkeys/sign-in', {
      body: { response: { id: 'x' } },
    });
    expect(refused.status).toBe(400);
    expect(typeof refused.body.error).toBe('string');
  });
});

describe('removing a passkey', () => {
  it('removes it from the list, and it signs no one in any more', async () => {
    const user = await createUser();
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(user, authenticator);
    const removed = await readJson(
      apiClient({ token: user.token }).passkeys[':id'].$delete({
        param: { id: authenticator.credentialId },
      }),
    );
    expectStatus(removed, 200);
    expect(await listPasskeys(user)).toEqual([]);
    expectStatus(await signIn(await authenticator.signIn(await signInOptions())), 401);
  });

  it('answers 404 for a passkey of another account, which stays', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const authenticator = await SoftwareAuthenticator.create();
    await addPasskey(other, authenticator);
    const refused = await readJson(
      apiClient({ token: user.token }).passkeys[':id'].$delete({
        param: { id: authenticator.credentialId },
      }),
    );
    expectStatus(refused, 404);
    expect(await listPasskeys(other)).toHaveLength(1);
  });
});
