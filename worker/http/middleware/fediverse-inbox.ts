import { createMiddleware } from 'hono/factory';
import { domainBlockOf } from '../../domain/moderation/domain-blocks';
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
 * Whether an inbox POST carries an HTTP signature that verifies. Only the signer's key is fetched,
 * and the body read only for its digest: nothing in the activity (its @context least of all) is
 * looked at before this says yes. Fedify is loaded here, on the fediverse's first request.
 */
async function hasVerifiedSignature(env: Env, request: Request): Promise<boolean> {
  if (!request.headers.has('signature') && !request.headers.has('signature-input')) return false;
  const [{ verifyRequest }, { signatureLoaders }] = await Promise.all([
    import('@fedify/fedify'),
    import('../../domain/fediverse/federation'),
  ]);
  const { method, headers } = request;
  const body = await request.clone().arrayBuffer();
  const key = await verifyRequest(
    new Request(request.url, { method, headers, body }),
    signatureLoaders(env),
  ).catch(() => null);
  return key !== null;
}

/**
 * The host of the key an inbox POST names (draft-cavage `keyId`, RFC 9421 `keyid`), read before
 * anything is fetched: a suspended server's key is never even loaded. The signature's check then
 * binds the activity to that key's owner.
 */
function signerHost(headers: Headers): string | null {
  const signature = `${headers.get('signature') ?? ''} ${headers.get('signature-input') ?? ''}`;
  const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId).hostname : null;
}

/**
 * An inbox takes only signed activities of a sane shape: one nested deeper than any real activity
 * is 400 (JSON-LD would recurse through every level), one signed by a suspended server 403, an
 * unsigned or wrongly signed one 401, all before anything in the activity is parsed or fetched.
 */
export const requireSignedActivity = createMiddleware<AppEnv>(async (c, next) => {
  if (jsonDepth(await c.req.raw.clone().text()) > maxActivityDepth) {
    throw new ApiError(400, `The activity nests deeper than ${maxActivityDepth} levels.`);
  }
  const signer = signerHost(c.req.raw.headers);
  if (signer && (await domainBlockOf(c.env, signer)) === 'suspend') {
    throw new ApiError(403, `${signer} is suspended from this server: its activities are refused.`);
  }
  if (!(await hasVerifiedSignature(c.env, c.req.raw))) {
    throw new ApiError(
      401,
      'Sign the activity with the HTTP signature of its actor’s key: unsigned or wrongly signed activities are refused.',
    );
  }
  await next();
});
