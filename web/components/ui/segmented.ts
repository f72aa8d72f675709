/**
 * A choice drawn as segments (or pills) whose radio covers each one: the browser gives the group
 * its arrow keys and its checked state, with or without script, and the whole segment is the
 * target.
 */
export const segmentRadio = 'segment-radio';

/** The track the segments sit on. */
export const segmentTrack = 'inline-flex rounded-lg bg-gray-100 p-1';

/** One segment; the checked one stands out. Add its size (padding, text). */
export const segment =
  'relative rounded-md font-medium text-gray-700 has-checked:bg-white has-checked:text-gray-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-violet-500';

/** A category pill of a filter (a board's, Discover's); the checked one is filled. */
export const filterPill = 'filter-pill';
