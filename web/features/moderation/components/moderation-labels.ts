import type {
  DomainBlockKind,
  ModerationActionKind,
  reportReasons,
} from '../../../../schema/moderation-values';

export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  illegal: 'Illegal content',
  impersonation: 'Impersonation',
  other: 'Something else',
};

export const moderationActionLabels: Record<ModerationActionKind, string> = {
  dismiss: 'Dismiss',
  'hide-block': 'Hide the block',
  'keep-off-discover': 'Keep off Discover',
  suspend: 'Suspend',
  unsuspend: 'Unsuspend',
  'unhide-block': 'Show the block again',
  'return-to-discover': 'Back on Discover',
};

export const domainBlockKindLabels: Record<DomainBlockKind, string> = {
  suspend: 'Suspend the server',
  limit: 'Limit the server',
  links: 'Block links to the site',
};
