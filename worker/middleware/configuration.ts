import { createMiddleware } from 'hono/factory';
import { jwtSecret } from '../services/tokens';
import type { AppEnv } from '../types';

/** Outside development the API refuses to run (503) until a real JWT_SECRET is set. */
export const requireConfiguration = createMiddleware<AppEnv>(async (c, next) => {
  jwtSecret(c.env);
  await next();
});
