/**
 * A choice drawn as segments (or pills) whose radio covers each one: the browser gives the group
 * its arrow keys and its checked state, with or without script, and the whole segment is the
 * target.
 */
export const segmentRadio =
  'absolute inset-0 cursor-pointer appearance-none rounded-[inherit] focus-visible:outline-none';

/** The track the segments sit on. */
export const segmentTrack = 'inline-flex rounded-lg bg-gray-100 p-1';

/** One segment; the checked one stands out. Add its size (padding, text). */
export const segment =
  'relative rounded-md font-medium text-gray-700 has-checked:bg-white has-checked:text-gray-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-violet-500';

/** A category pill of a filter (a board's, Discover's); the checked one is filled. */
export const filterPill =
  'relative rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-800 transition-colors hover:bg-gray-100 has-checked:border-violet-700 has-checked:bg-violet-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-violet-500';
