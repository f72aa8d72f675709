import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

/** Deeper than any activity a server sends; far below what JSON-LD's recursion survives. */
const maxActivityDepth = 32;

/** How deeply a JSON text nests its arrays and objects, read without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}

/**
 * An inbox takes only signed activities of a sane shape: one nested deeper than any real activity
 * is 400 (JSON-LD would recurse through every level), an unsigned or wrongly signed one 401, both
 * before anything in the activity is parsed or fetched.
 */
export const requireSignedActivity = createMiddleware<AppEnv>(async (c, next) => {
  if (jsonDepth(await c.req.raw.clone().text()) > maxActivityDepth) {
    throw new ApiError(400, `The activity nests deeper than ${maxActivityDepth} levels.`);
  }
  const { hasVerifiedSignature } = await import('../../domain/fediverse/federation');
  if (!(await hasVerifiedSignature(c.env, c.req.raw))) {
    throw new ApiError(
      401,
      'Sign the activity with the HTTP signature of its actor’s key: unsigned or wrongly signed activities are refused.',
    );
  }
  await next();
});
