import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

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

describe('passwords typed on other keyboards', () => {
  const composed = 'caf\u00e9-au-lait'; // é as one code point (NFC)
  const decomposed = 'cafe\u0301-au-lait'; // e followed by a combining accent (NFD)

  it('match whether the accent arrives composed or decomposed', async () => {
    const stored = await hashPassword(decomposed);
    expect(await verifyPassword(composed, stored)).toBe(true);
    expect(await verifyPassword(decomposed, stored)).toBe(true);
  });

  it('still match a hash made before passwords were normalised, from the code points typed then', async () => {
    const salt = new Uint8Array(16).fill(7);
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(decomposed),
      'PBKDF2',
      false,
      ['deriveBits'],
    );
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 },
        key,
        256,
      ),
    );
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const legacy = `pbkdf2-sha256$100000$${base64(salt)}$${base64(bits)}`;
    expect(await verifyPassword(decomposed, legacy)).toBe(true);
    expect(await verifyPassword('cafe-au-lait', legacy)).toBe(false);
  });
});

describe('isCommonPassword', () => {
  it.each(['123456', 'password', 'qwerty123', 'secret123', 'PASSWORD'])(
    'knows %s',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['a-long-passphrase', 'Pottery on Tuesdays', 'café-au-lait-2026'])(
    'lets %s pass',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );
});
