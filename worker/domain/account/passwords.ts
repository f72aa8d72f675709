import { Refusal } from '../../platform/refusal';

// PBKDF2-SHA256 at 100,000 iterations: the most production Workers accept (see docs/decisions).
const algorithm = 'pbkdf2-sha256';
const iterations = 100_000;
const saltBytes = 16;
const hashBits = 256;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  rounds: number,
  pepper: string,
) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(password + pepper),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    key,
    hashBits,
  );
  return new Uint8Array(bits);
}

/**
 * The same password typed on another keyboard or system can arrive as other code points ("é" as
 * one, or as "e" and an accent): NFC makes them one (NIST SP 800-63B 5.1.1.2).
 */
function normalized(password: string): string {
  return password.normalize('NFC');
}

/**
 * Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` so the cost can be raised later; the
 * password is NFC-normalised first.
 */
export async function hashPassword(password: string, pepper = ''): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(normalized(password), salt, iterations, pepper);
  return [algorithm, iterations, toBase64(salt), toBase64(hash)].join('$');
}

// Checked when the username is unknown, so that answer costs what a wrong password costs.
const decoyHash = `${algorithm}$${iterations}$${toBase64(new Uint8Array(saltBytes))}$${toBase64(new Uint8Array(hashBits / 8))}`;

async function matchesHash(password: string, stored: string, pepper: string): Promise<boolean> {
  const [name, rounds, salt, hash] = stored.split('$');
  if (name !== algorithm || !rounds || !salt || !hash) return false;
  const expected = fromBase64(hash);
  const actual = await derive(password, fromBase64(salt), Number(rounds), pepper);
  return actual.length === expected.length && crypto.subtle.timingSafeEqual(actual, expected);
}

export async function verifyPassword(
  password: string,
  stored: string | undefined,
  pepper = '',
): Promise<boolean> {
  const matches = await matchesHash(normalized(password), stored ?? decoyHash, pepper);
  if (matches) return stored !== undefined;
  // Hashes made before passwords were normalised hold the code points as typed then.
  if (stored === undefined || normalized(password) === password) return false;
  return matchesHash(password, stored, pepper);
}

let commonPasswords: Set<string> | undefined;

/**
 * Among the ~49,000 passwords attackers try first (zxcvbn-ts's list), whatever the case. The list
 * (0.4 MB) is loaded by the first password set in an isolate, never at its start.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!commonPasswords) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common']);
  }
  return commonPasswords.has(normalized(password).toLowerCase());
}

/** Refuses a common password, with the message on the form's `field`. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  const message =
    'This password is too common: it is one of the first that attackers try. Please choose another.';
  throw new Refusal('invalid', message, { fields: { [field]: message } });
}
