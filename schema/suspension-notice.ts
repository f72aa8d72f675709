// Apart from moderation-values.ts, which the Worker loads at start: only the moderators' code and
// the notifications screen need these words.
const deletionDay = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** What a suspension comes to unless it is undone, as its owner reads it in the mail and the app. */
export const suspensionDeletionWarning = (deletesAt: number) =>
  `Unless a moderator restores it, your account and board will be deleted on ${deletionDay.format(deletesAt)}.`;
