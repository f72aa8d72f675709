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

/** Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` so the cost can be raised later. */
export async function hashPassword(password: string, pepper = ''): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(password, salt, iterations, pepper);
  return [algorithm, iterations, toBase64(salt), toBase64(hash)].join('$');
}

// Checked when the username is unknown, so that answer costs what a wrong password costs.
const decoyHash = `${algorithm}$${iterations}$${toBase64(new Uint8Array(saltBytes))}$${toBase64(new Uint8Array(hashBits / 8))}`;

export async function verifyPassword(
  password: string,
  stored: string | undefined,
  pepper = '',
): Promise<boolean> {
  const [name, rounds, salt, hash] = (stored ?? decoyHash).split('$');
  if (name !== algorithm || !rounds || !salt || !hash) return false;
  const expected = fromBase64(hash);
  const actual = await derive(password, fromBase64(salt), Number(rounds), pepper);
  const matches =
    actual.length === expected.length && crypto.subtle.timingSafeEqual(actual, expected);
  return matches && stored !== undefined;
}
