import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { validationError } from './errors';

/** zValidator whose failures become the API's one error shape, with the schema's messages. */
export const validate = <Schema extends $ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
  });
