import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import type { TokenScope } from '../../../schema/access-tokens';
import { errorAnswer } from '../../../schema/errors';

/** What a refusal means, as the reference page lists it; the answer itself says why in words. */
export const refusalMeanings = {
  400: 'The request is invalid: `error` says why, `fields` names each wrong field.',
  401: 'Not signed in, or the session has ended.',
  403: 'Signed in, but not allowed to do this.',
  404: 'Nothing to see here: unknown, private or not yours.',
  409: 'Conflicts with what exists (a taken name, a full board, a second copy).',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  422: 'Understood, but what it points to could not be read (a page too slow, too large, not HTML…).',
  429: 'Too many attempts: wait for the number of seconds in Retry-After.',
  501: 'Not offered.',
  502: 'An outside service failed.',
  503: 'Unavailable for a moment (the database, or missing configuration): try again.',
} as const;

export type RefusalStatus = keyof typeof refusalMeanings;

const successMeanings: Partial<Record<ContentfulStatusCode, string>> = {
  200: 'OK',
  201: 'Created',
};

type Responses = NonNullable<Parameters<typeof describeRoute>[0]['responses']>;
type Answers = Partial<Record<ContentfulStatusCode, z.ZodType | { contentType: string }>>;

type Operation = {
  tag: string;
  summary: string;
  description?: string;
  /** Each success status with the schema of its JSON body, or the media type of a file. */
  answers: Answers;
  refusals?: RefusalStatus[];
  /** The scope a personal access token needs to call this route; none: tokens are refused. */
  tokenScope?: TokenScope;
};

function answerContent(answer: z.ZodType | { contentType: string }) {
  if ('contentType' in answer) {
    return { [answer.contentType]: { schema: { type: 'string' as const, format: 'binary' } } };
  }
  return { 'application/json': { schema: resolver(answer) } };
}

/**
 * Documents a route in `/api/openapi.json`: what it answers on success (the schema the handler
 * sends through `sendJson`, so the document cannot drift from the answer) and how it refuses.
 */
export function documented({
  tag,
  summary,
  description,
  answers,
  refusals: declared = [],
  tokenScope,
}: Operation) {
  const responses: Responses = {};
  // A route that takes a session refuses personal access tokens (403) unless it names their
  // scope; one that does refuses a revoked token (401), one without the scope (403), and one past
  // its limit (429).
  const refusals = new Set(declared);
  if (declared.includes(401)) refusals.add(403);
  if (tokenScope) for (const status of [401, 403, 429] as const) refusals.add(status);
  for (const [status, answer] of Object.entries(answers)) {
    if (!answer) continue;
    const meaning = successMeanings[Number(status) as ContentfulStatusCode] ?? 'Success';
    responses[status] = { description: meaning, content: answerContent(answer) };
  }
  for (const status of refusals) {
    responses[status] = {
      description: refusalMeanings[status],
      content: { 'application/json': { schema: resolver(errorAnswer) } },
    };
  }
  // A route that can answer 401 needs a session: its bearer token. One that only takes a token
  // answers without one too.
  const bearer = { bearerAuth: [] };
  const security = declared.includes(401) ? [bearer] : tokenScope ? [{}, bearer] : undefined;
  const tokenNote = tokenScope
    ? `Also takes a personal access token (\`Authorization: Bearer up2_pat_…\`) with the \`${tokenScope}\` scope.`
    : undefined;
  const text = [description, tokenNote].filter(Boolean).join('\n\n') || undefined;
  return describeRoute({ tags: [tag], summary, description: text, responses, security });
}

/**
 * Sends `body` as the schema's output: keys the schema does not name are dropped, so a column added
 * to a table reaches no answer until a contract names it.
 */
export function sendJson<Schema extends z.ZodType, Status extends ContentfulStatusCode>(
  c: Context,
  schema: Schema,
  body: z.input<Schema>,
  status: Status,
) {
  return c.json(schema.parse(body) as z.output<Schema>, status);
}
