/** The kinds of refusal a service can give; the API answers each with its status (http/middleware/errors.ts). */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'unreadable'
  | 'upstream-failed'
  | 'unavailable';

type RefusalDetails = {
  /** Per-field messages, for forms to show beside their fields. */
  fields?: Record<string, string>;
  /** When trying again can succeed (too-many, unavailable). */
  retryAfterSeconds?: number;
  /** What failed underneath, for the log. */
  cause?: unknown;
};

/** A refusal a person can act on: its message is written for them. Services throw it, never HTTP errors. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'Refusal';
  }
}

/** The refusal an error is or carries (a query library may wrap what a query threw). */
export function refusalIn(error: unknown): Refusal | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Refusal) return e;
  }
  return undefined;
}
