import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores PBKDF2-SHA256 at 100,000 iterations with its parameters and a random salt', async () => {
    const [first, second] = await Promise.all([hashPassword('secret1'), hashPassword('secret1')]);
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('secret1');
    expect(await verifyPassword('secret1', stored)).toBe(true);
    expect(await verifyPassword('secret2', stored)).toBe(false);
  });

  it('mixes the pepper in: the same password with another pepper does not match', async () => {
    const stored = await hashPassword('secret1', 'pepper-a');
    expect(await verifyPassword('secret1', stored, 'pepper-a')).toBe(true);
    expect(await verifyPassword('secret1', stored, 'pepper-b')).toBe(false);
  });

  it('answers false for an unknown user (no stored hash) and for a malformed hash', async () => {
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('anything', 'pbkdf2-sha256$100000$AAAA$AAAA')).toBe(false);
  });
});
