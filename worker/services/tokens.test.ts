import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../middleware/errors';
import { jwtSecret, readSession, signSession } from './tokens';

const productionWith = (secret: string | undefined) => ({
  ENVIRONMENT: 'production',
  JWT_SECRET: secret,
});

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('jwtSecret', () => {
  it('lets local development run without any secret set', () => {
    expect(jwtSecret({ ENVIRONMENT: 'development', JWT_SECRET: undefined }).length).toBeGreaterThan(
      0,
    );
  });

  it.each([
    ['no secret', undefined],
    ['the development secret', 'up2-local-development-secret-not-for-production'],
    ['a short secret', 'too-short'],
  ])('refuses to run in production with %s (503)', (_label, secret) => {
    const refusal = thrownBy(() => jwtSecret(productionWith(secret)));
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 503, message: expect.stringContaining('JWT_SECRET') });
  });

  it('accepts a long random secret in production', () => {
    expect(() => jwtSecret(productionWith('x'.repeat(48)))).not.toThrow();
  });
});

describe('sessions', () => {
  it('round-trips the user id and token version', async () => {
    const token = await signSession(env, { userId: 42, tokenVersion: 3 });
    expect(await readSession(env, token)).toEqual({ userId: 42, tokenVersion: 3 });
  });

  it('reads a token signed with another secret as no session', async () => {
    const token = await signSession(
      { ...env, JWT_SECRET: 'another-secret-that-is-32-characters-long' },
      {
        userId: 42,
        tokenVersion: 0,
      },
    );
    expect(await readSession(env, token)).toBeNull();
  });
});
