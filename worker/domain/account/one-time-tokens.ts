/** Emailed links carry 256 random bits; only their SHA-256 is stored, so a leak hands out no link. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A link to a page of the app, built from APP_URL, never from the Host header. */
export function appLink(env: Pick<Env, 'APP_URL'>, path: string, token: string): string {
  const url = new URL(path, env.APP_URL);
  url.searchParams.set('token', token);
  return url.toString();
}
