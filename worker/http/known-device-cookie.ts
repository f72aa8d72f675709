import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/** One cookie per account, so a browser shared by several accounts is known to each. */
const cookieName = (userId: number) => `up2_device_${userId}`;

/** The device token this browser keeps for an account, if any: for `signIn`'s `deviceTokenOf`. */
export function deviceTokenFrom(c: Context): (userId: number) => string | undefined {
  return (userId) => getCookie(c, cookieName(userId));
}

/**
 * Keeps the device token in the browser, out of reach of scripts and other sites' requests. It is
 * left in place at sign-out: a device that has signed in before stays known.
 */
export function rememberDevice(
  c: Context,
  userId: number,
  device: { token: string; maxAgeSeconds: number },
) {
  setCookie(c, cookieName(userId), device.token, {
    path: '/api/auth',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: device.maxAgeSeconds,
  });
}
