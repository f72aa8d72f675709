import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Refusal, type RefusalKind, refusalIn } from '../../platform/refusal';
import { unavailablePage } from '../../render/unavailable-page';

type FieldMessages = Record<string, string>;

/** An error a person can act on: its message is sent to the client as `{ error, fields? }`. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly fields?: FieldMessages,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

function pathKey(issue: StandardSchemaV1.Issue): string {
  const segments = (issue.path ?? []).map((segment) =>
    typeof segment === 'object' ? String(segment.key) : String(segment),
  );
  return segments.join('.') || '_';
}

export function validationError(issues: readonly StandardSchemaV1.Issue[]): ApiError {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const key = pathKey(issue);
    fields[key] ??= issue.message;
  }
  const first = issues[0]?.message ?? 'The request is invalid.';
  return new ApiError(400, first, fields);
}

const refusalStatus: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  unreadable: 422,
  'upstream-failed': 502,
  unavailable: 503,
};

function refusalAnswer(refusal: Refusal, c: Context) {
  const { fields, retryAfterSeconds } = refusal.details;
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
  if (refusal.kind === 'unavailable') console.error(refusal.message, refusal.cause);
  // A page (a board, its embed, the landing page) answers a person, in HTML.
  if (refusal.kind === 'unavailable' && !c.req.path.startsWith('/api/')) {
    return c.html(unavailablePage(refusal.message), 503, {
      ...headers,
      'Cache-Control': 'no-store',
    });
  }
  const body = fields ? { error: refusal.message, fields } : { error: refusal.message };
  return c.json(body, refusalStatus[refusal.kind], headers);
}

export function handleError(err: Error, c: Context) {
  const refusal = refusalIn(err);
  if (refusal) return refusalAnswer(refusal, c);
  if (err instanceof ApiError) {
    const body = err.fields ? { error: err.message, fields: err.fields } : { error: err.message };
    return c.json(body, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Hono's own refusals (malformed JSON, body too large…) carry a usable message.
    const message =
      err.message || err.getResponse().statusText || 'The request could not be handled.';
    return c.json({ error: message }, err.status);
  }
  console.error(err);
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
}

export function handleNotFound(c: Context) {
  return c.json({ error: 'Not found.' }, 404);
}
