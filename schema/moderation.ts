import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import {
  domainBlockEvents,
  domainBlockKinds,
  moderationActionKinds,
  reportActionKinds,
  reportReasons,
} from './moderation-values';

export const reportThanks = 'Thanks. Our moderators will look at it.';
const maxReportComment = 1000;
const maxModerationNote = 1000;

export const reportInput = z.strictObject({
  username: z
    .string({ error: 'Name the board you report (its username).' })
    .trim()
    .toLowerCase()
    .min(1, 'Name the board you report (its username).')
    .max(40, 'No board has a username that long.'),
  blockId: z
    .number({ error: 'blockId must be the id of a block on the board.' })
    .int('blockId must be the id of a block on the board.')
    .positive('blockId must be the id of a block on the board.')
    .optional(),
  reason: z.enum(reportReasons, {
    error:
      'Choose a reason: spam, harassment (or hate), illegal content, impersonation or something else.',
  }),
  comment: z
    .string({ error: 'The comment must be text.' })
    .trim()
    .max(maxReportComment, `Keep the comment under ${maxReportComment} characters.`)
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type ReportInput = z.infer<typeof reportInput>;

export const reportAnswer = z.object({ message: z.literal(reportThanks) });

/** What was reported, as it was when it was reported. */
export const reportSnapshot = z.object({
  board: z.object({
    username: z.string(),
    displayName: z.string(),
    tagline: z.string().nullable(),
    bio: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  block: z
    .object({
      id: z.number().int(),
      title: z.string(),
      subtitle: z.string().nullable(),
      description: z.string().nullable(),
      review: z.string().nullable(),
      externalUrl: z.string().nullable(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshot>;

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.enum(moderationActionKinds),
  board: z.string(),
  blockId: z.number().int().nullable(),
  note: z.string(),
  // Null once the moderator's account is gone.
  moderator: z.string().nullable(),
  createdAt: z.iso.datetime(),
  // The entry this one reverses, and the entry that reversed this one.
  reverses: z.number().int().nullable(),
  reversedBy: z.number().int().nullable(),
  // Whether Reverse is offered: an action with an opposite that no later action superseded.
  reversible: z.boolean(),
});

const queuedReport = z.object({
  id: z.number().int(),
  reason: z.enum(reportReasons),
  comment: z.string().nullable(),
  blockId: z.number().int().nullable(),
  // The server a `Flag` came from; null for a report made on Up2.
  fromServer: z.string().nullable(),
  // The owner's appeal of an action (the comment says why); null for a report.
  appealOf: z.object({ action: z.enum(moderationActionKinds), note: z.string() }).nullable(),
  snapshot: reportSnapshot,
  createdAt: z.iso.datetime(),
});

/** The queue: open reports grouped by board, the board with the newest report first. */
export const reportQueue = z.object({
  boards: z.array(
    z.object({
      board: z.object({
        id: z.number().int(),
        username: z.string(),
        displayName: z.string(),
        tagline: z.string().nullable(),
        bio: z.string().nullable(),
        accountCreatedAt: z.iso.datetime(),
        isPublic: z.boolean(),
        suspended: z.boolean(),
        keptOffDiscover: z.boolean(),
      }),
      reports: z.array(queuedReport),
      // Reports of this board already acted on.
      earlierReports: z.number().int(),
      actions: z.array(auditEntry),
    }),
  ),
});

/** The id in a path, where anything but a positive whole number is something not found. */
const idParam = (notFound: string) =>
  z.strictObject({ id: z.coerce.number({ error: notFound }).int().positive(notFound) });

export const reportIdParam = idParam('Report not found.');

/** A copy a report kept of what it showed: the block's image, or the board's avatar. */
export const reportedImageParam = reportIdParam.extend({ image: z.enum(['block', 'avatar']) });

const moderationNote = z
  .string({ error: 'Write a note: why this action (the owner is told it).' })
  .trim()
  .min(1, 'Write a note: why this action (the owner is told it).')
  .max(maxModerationNote, `Keep the note under ${maxModerationNote} characters.`);

export const moderationActionInput = z.strictObject({
  action: z.enum(reportActionKinds, {
    error: 'Action must be dismiss, hide-block, keep-off-discover, suspend or unsuspend.',
  }),
  note: moderationNote,
});
export type ModerationActionInput = z.infer<typeof moderationActionInput>;

/** How many reports one bulk action takes: a screenful of the queue. */
const maxReportsPerBulkAction = 100;
const reportIdsMessage = 'reportIds must list the ids of the reports to act on.';

/** `POST /api/admin/reports/actions`: one action, with one note, on the boards of several reports. */
export const bulkModerationInput = moderationActionInput.extend({
  reportIds: z
    .array(z.number({ error: reportIdsMessage }).int(reportIdsMessage).positive(reportIdsMessage), {
      error: reportIdsMessage,
    })
    .min(1, 'Choose at least one report.')
    .max(
      maxReportsPerBulkAction,
      `Act on at most ${maxReportsPerBulkAction} reports at once: choose fewer.`,
    )
    .transform((ids) => [...new Set(ids)]),
});

export const auditEntryIdParam = idParam('Audit entry not found.');

/** `POST /api/admin/audit/{id}/reverse`: why the action is undone (the owner is told it). */
export const reversalInput = z.strictObject({ note: moderationNote });

export const auditLog = z.object({ actions: z.array(auditEntry) });

const hostMessage = 'Name a domain, such as spam.example (its subdomains are covered).';

/**
 * A domain as a moderator types it: a bare host or any address on it (its host is kept), lower
 * case, without a port or a trailing dot.
 */
const blockedHost = z
  .string({ error: hostMessage })
  .trim()
  .toLowerCase()
  .max(253, 'No domain is longer than 253 characters.')
  .transform((value) => {
    const address = /^[a-z][a-z0-9+.-]*:\/\//.test(value) ? value : `https://${value}`;
    return URL.canParse(address) ? new URL(address).hostname.replace(/\.$/, '') : '';
  })
  .pipe(z.string().regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/, hostMessage));

export const domainBlockInput = z.strictObject({
  host: blockedHost,
  kind: z.enum(domainBlockKinds, {
    error: 'Kind must be suspend (a server), limit (a server) or links (a site).',
  }),
  note: z
    .string({ error: 'Write a note: why this domain is blocked.' })
    .trim()
    .min(1, 'Write a note: why this domain is blocked.')
    .max(maxModerationNote, `Keep the note under ${maxModerationNote} characters.`),
});
export type DomainBlockInput = z.infer<typeof domainBlockInput>;

const domainBlock = z.object({
  id: z.number().int(),
  host: z.string(),
  kind: z.enum(domainBlockKinds),
  note: z.string(),
  // Null once the moderator's account is gone.
  moderator: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const domainBlockAnswer = z.object({ domainBlock });
export const domainBlocksAnswer = z.object({ domainBlocks: z.array(domainBlock) });

export const domainBlockIdParam = idParam('Domain block not found.');

/** A domain block added or lifted, as the audit log shows it. */
const domainAuditEntry = z.object({
  id: z.number().int(),
  event: z.enum(domainBlockEvents),
  host: z.string(),
  kind: z.enum(domainBlockKinds),
  // The block's note; null for a lift.
  note: z.string().nullable(),
  moderator: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** `GET /api/admin/audit`: the actions on boards, and the domain blocks added and lifted. */
export const auditLogAnswer = auditLog.extend({ domainActions: z.array(domainAuditEntry) });

export const appealThanks =
  'Your appeal is in the moderators’ queue. You will be told what they decide.';
const appealMessage = 'Say why the moderator’s action should be undone.';

/** `POST /api/reports/appeals`: the owner appeals one moderator's action on their board, once. */
export const appealInput = z.strictObject({
  actionId: z
    .number({ error: 'actionId must be the id of an action on your board.' })
    .int('actionId must be the id of an action on your board.')
    .positive('actionId must be the id of an action on your board.'),
  text: z
    .string({ error: appealMessage })
    .trim()
    .min(1, appealMessage)
    .max(maxReportComment, `Keep the appeal under ${maxReportComment} characters.`),
});
export type AppealInput = z.infer<typeof appealInput>;
export const appealAnswer = z.object({ message: z.literal(appealThanks) });
