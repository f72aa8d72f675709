import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../middleware/errors';

const developmentSecret = 'up2-local-development-secret-not-for-production';
const sessionLifetime = '30d';
const issuer = 'up2';

export type SessionClaims = { userId: number; tokenVersion: number };

/** Local dev needs no set-up; anywhere else the development secret is refused. */
export function jwtSecret(env: Pick<Env, 'JWT_SECRET' | 'ENVIRONMENT'>): Uint8Array {
  const development = env.ENVIRONMENT === 'development';
  const secret = env.JWT_SECRET ?? (development ? developmentSecret : undefined);
  if (!secret || (!development && (secret === developmentSecret || secret.length < 32))) {
    throw new ApiError(
      503,
      'The server is not configured: set the JWT_SECRET secret (at least 32 random characters).',
    );
  }
  return new TextEncoder().encode(secret);
}

export async function signSession(env: Env, claims: SessionClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(sessionLifetime)
    .sign(jwtSecret(env));
}

/** The session a token carries, or null when it is forged, expired or malformed. */
export async function readSession(env: Env, token: string): Promise<SessionClaims | null> {
  const secret = jwtSecret(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer,
      requiredClaims: ['exp', 'sub'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.ver;
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number') return null;
    return { userId, tokenVersion };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
