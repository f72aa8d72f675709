import { errors, jwtVerify, SignJWT } from 'jose';
import { jwtSecret } from './tokens';

const audience = 'up2-known-device';
const rememberedForSeconds = 365 * 24 * 60 * 60;

/**
 * A device's proof that it has signed in to this account before: kept by the browser, it outlives
 * signing out, and lets the device past the account's throttle (login-throttle.ts).
 */
export async function signDeviceToken(
  env: Env,
  userId: number,
  deviceId: string = crypto.randomUUID(),
): Promise<{ token: string; maxAgeSeconds: number }> {
  const token = await new SignJWT({ did: deviceId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${rememberedForSeconds}s`)
    .sign(jwtSecret(env));
  return { token, maxAgeSeconds: rememberedForSeconds };
}

/** The device a token names, if it is ours, unexpired and for this account; null otherwise. */
export async function readKnownDevice(
  env: Env,
  userId: number,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, jwtSecret(env), {
      algorithms: ['HS256'],
      audience,
      subject: String(userId),
      requiredClaims: ['exp', 'did'],
    });
    return typeof payload.did === 'string' ? payload.did : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
