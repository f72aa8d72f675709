import { DurableObject } from 'cloudflare:workers';

/** As many checks as one check message carries: a host may take one message at once. */
export const feedHostBurst = 20;

/**
 * How fast the sources consumer may ask one host for feeds, across every consumer invocation at
 * once (decision 0032). One gate per host, named by it: a token bucket of `feedHostBurst` checks,
 * refilled at `SOURCE_HOST_CHECKS_PER_MINUTE`. The bucket lives in memory: a gate evicted from
 * memory starts full again, which costs its host at most one burst more.
 */
export class FeedHostGate extends DurableObject<Env> {
  private tokens = feedHostBurst;
  private filledAt = Date.now();

  /** How many of `wanted` checks may go to this host now (0 to `wanted`); the rest wait. */
  admit(wanted: number): number {
    const now = Date.now();
    const perMs = Number(this.env.SOURCE_HOST_CHECKS_PER_MINUTE) / 60_000;
    this.tokens = Math.min(feedHostBurst, this.tokens + (now - this.filledAt) * perMs);
    this.filledAt = now;
    const admitted = Math.max(0, Math.min(wanted, Math.floor(this.tokens)));
    this.tokens -= admitted;
    return admitted;
  }
}
