import type { Context } from 'hono';
import type { Defer } from '../domain/account/email-verification';
import { refusalIn } from '../platform/refusal';

/**
 * Work that runs once the answer is sent (mail), so the answer's time tells nothing of it. A
 * refusal there (a mail allowance used up) is the rule working, not a failure.
 */
export function afterAnswer(c: Context): Defer {
  return (work) =>
    c.executionCtx.waitUntil(
      work.catch((error: unknown) => {
        if (refusalIn(error)?.kind === 'too-many') return;
        console.error('Work after the answer failed.', error);
      }),
    );
}
