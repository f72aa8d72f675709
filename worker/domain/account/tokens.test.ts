import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../../platform/refusal';
import { jwtSecret, readSessionId, signSession } from './tokens';

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
  ])('refuses to run in production with %s', (_label, secret) => {
    const refusal = thrownBy(() => jwtSecret(productionWith(secret)));
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('JWT_SECRET'),
    });
  });

  it('accepts a long random secret in production', () => {
    expect(() => jwtSecret(productionWith('x'.repeat(48)))).not.toThrow();
  });
});

describe('session tokens', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it('name the session they were signed for', async () => {
    const token = await signSession(env, { sessionId: 'session-1', expiresAt: inAnHour() });
    expect(await readSessionId(env, token)).toBe('session-1');
  });

  it('read as no session when signed with another secret', async () => {
    const token = await signSession(
      { ...env, JWT_SECRET: 'another-secret-that-is-32-characters-long' },
      { sessionId: 'session-1', expiresAt: inAnHour() },
    );
    expect(await readSessionId(env, token)).toBeNull();
  });

  it('read as no session once expired', async () => {
    const token = await signSession(env, {
      sessionId: 'session-1',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await readSessionId(env, token)).toBeNull();
  });
});
