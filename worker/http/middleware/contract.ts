import type { Context, MiddlewareHandler } from 'hono';
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

/** What `documented` gives the route's handler: the answers it declared, for `sendJson`. */
type Answering<A extends Answers> = { Variables: { answers: A } };

type Operation<A extends Answers> = {
  tag: string;
  summary: string;
  description?: string;
  /** Each success status with the schema of its JSON body, or the media type of a file. */
  answers: A;
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
 * Documents a route in `/api/openapi.json`: what it answers on success and how it refuses. The
 * handler sends its answer through `sendJson`, which takes the schema from here (by status, and
 * in the types): the document cannot drift from what is sent.
 */
export function documented<const A extends Answers>({
  tag,
  summary,
  description,
  answers,
  refusals: declared = [],
  tokenScope,
}: Operation<A>): MiddlewareHandler<Answering<A>> {
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
  const declareAnswers: MiddlewareHandler<Answering<A>> = async (c, next) => {
    c.set('answers', answers);
    await next();
  };
  // generateSpecs finds a route's document on the middleware describeRoute makes (a symbol
  // property), so this one carries it.
  Object.assign(
    declareAnswers,
    describeRoute({ tags: [tag], summary, description: text, responses, security }),
  );
  return declareAnswers;
}

type JsonStatus<A extends Answers> = {
  [Status in keyof A]: A[Status] extends z.ZodType ? Status : never;
}[keyof A] &
  ContentfulStatusCode;

/** The schemas one status may answer with: each option of a declared union, or the one schema. */
type Variant<Answer> = Answer extends z.ZodUnion<infer Options> ? Options[number] : Answer;

/**
 * Sends `body` with `status` through the schema the route's `documented` declares for it: keys the
 * schema does not name are dropped, so a column added to a table reaches no answer until a contract
 * names it. A status declared as a union of schemas names the one this answer is (a union would
 * keep the first option that fits, not the one meant).
 */
export function sendJson<
  E extends Answering<Answers>,
  Status extends JsonStatus<E['Variables']['answers']>,
  Schema extends Variant<E['Variables']['answers'][Status]> & z.ZodType,
>(
  c: Context<E>,
  body: z.input<Schema>,
  status: Status,
  ...variant: E['Variables']['answers'][Status] extends z.ZodUnion ? [variant: Schema] : []
) {
  const answers: Answers = c.var.answers;
  const schema = (variant[0] ?? answers[status]) as Schema;
  return c.json(schema.parse(body) as z.output<Schema>, status);
}
