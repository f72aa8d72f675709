import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { validationError } from './errors';

/**
 * Validates one part of the request with a schema from `schema/` and lists it in the OpenAPI
 * document; a failure becomes the API's one error shape, with the schema's own messages.
 */
export const validate = <Schema extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) =>
  validator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
