import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { $ZodIssue } from 'zod/v4/core';

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

export function validationError(issues: readonly $ZodIssue[]): ApiError {
  const fields: FieldMessages = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = issues[0]?.message ?? 'The request is invalid.';
  return new ApiError(400, first, fields);
}

export function handleError(err: Error, c: Context) {
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
