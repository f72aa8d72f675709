/** Why a visitor reports a board or a block, as the report form offers it. */
export const reportReasons = ['spam', 'harassment', 'illegal', 'impersonation', 'other'] as const;

/** What a moderator can do to a reported board. */
export const reportActionKinds = [
  'dismiss',
  'hide-block',
  'keep-off-discover',
  'suspend',
  'unsuspend',
] as const;
export type ReportActionKind = (typeof reportActionKinds)[number];

/** What reversing an action from the audit log does (a suspension's reversal is `unsuspend`). */
export const reversalKinds = ['unhide-block', 'return-to-discover'] as const;

/** Every row of the audit log: an action on a report, or the reversal of one. */
export const moderationActionKinds = [...reportActionKinds, ...reversalKinds] as const;
export type ModerationActionKind = (typeof moderationActionKinds)[number];

/**
 * An instance-wide domain block: `suspend` a server (refused, sent nothing), `limit` it (follows
 * need approval, answers not notified), or block `links` to a site.
 */
export const domainBlockKinds = ['suspend', 'limit', 'links'] as const;
export type DomainBlockKind = (typeof domainBlockKinds)[number];
/** What the audit log records of a domain block: it was added, or lifted. */
export const domainBlockEvents = ['blocked', 'lifted'] as const;

/** How long a suspended account is kept for an appeal or an unsuspend before it is deleted. */
export const suspendedAccountKeptMs = 30 * 24 * 60 * 60 * 1000;

/**
 * In a board's address (`/@name?report`), what the embed's and a story page's Report links ask:
 * the board opens with its report form.
 */
export const reportParameter = 'report';
