import { createMiddleware } from 'hono/factory';
import { jwtSecret } from '../../domain/account/tokens';
import type { AppEnv } from '../app-env';

/** Outside development the API refuses to run (503) until a real JWT_SECRET is set. */
export const requireConfiguration = createMiddleware<AppEnv>(async (c, next) => {
  jwtSecret(c.env);
  await next();
});
