/** Why a visitor reports a board or a block, as the report form offers it. */
export const reportReasons = ['spam', 'harassment', 'illegal', 'impersonation', 'other'] as const;

/** What a moderator can do to a reported board; each is one row of the audit log. */
export const moderationActionKinds = [
  'dismiss',
  'hide-block',
  'keep-off-discover',
  'suspend',
  'unsuspend',
] as const;
export type ModerationActionKind = (typeof moderationActionKinds)[number];

/**
 * An instance-wide domain block: `suspend` a server (refused, sent nothing), `limit` it (follows
 * need approval, answers not notified), or block `links` to a site.
 */
export const domainBlockKinds = ['suspend', 'limit', 'links'] as const;
export type DomainBlockKind = (typeof domainBlockKinds)[number];

/** How long a suspended account is kept for an appeal or an unsuspend before it is deleted. */
export const suspendedAccountKeptMs = 30 * 24 * 60 * 60 * 1000;
