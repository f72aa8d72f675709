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
