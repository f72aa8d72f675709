import { errors, jwtVerify, SignJWT } from 'jose';
import { Refusal } from '../../platform/refusal';

const developmentSecret = 'up2-local-development-secret-not-for-production';
const issuer = 'up2';

/** What a token carries: the session it names (a row in `sessions`) and its end. */
export type SessionClaims = { sessionId: string; expiresAt: Date };

/** Local dev needs no set-up; anywhere else the development secret is refused. */
export function jwtSecret(env: Pick<Env, 'JWT_SECRET' | 'ENVIRONMENT'>): Uint8Array {
  const development = env.ENVIRONMENT === 'development';
  const secret = env.JWT_SECRET ?? (development ? developmentSecret : undefined);
  if (!secret || (!development && (secret === developmentSecret || secret.length < 32))) {
    throw new Refusal(
      'unavailable',
      'The server is not configured: set the JWT_SECRET secret (at least 32 random characters).',
    );
  }
  return new TextEncoder().encode(secret);
}

export async function signSession(env: Env, claims: SessionClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(jwtSecret(env));
}

/** The session id a token names, or null when it is forged, expired or malformed. */
export async function readSessionId(env: Env, token: string): Promise<string | null> {
  const secret = jwtSecret(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer,
      requiredClaims: ['exp', 'sid'],
    });
    return typeof payload.sid === 'string' ? payload.sid : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
