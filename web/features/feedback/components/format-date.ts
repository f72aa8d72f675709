const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A submission's date in the reader's locale, or "N/A" when it is missing or unreadable. */
export function formatFeedbackDate(
  value: string | null | undefined,
  format: Intl.DateTimeFormat = dateFormat,
): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : format.format(date);
}
