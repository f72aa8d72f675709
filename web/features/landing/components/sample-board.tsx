import type { ReactNode } from 'react';

function PreviewProfile() {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-lg font-bold text-white"
      >
        A
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">Alex Rivera</p>
        <p className="truncate text-sm text-gray-600">Designer, reader, weekend guitarist</p>
      </div>
    </div>
  );
}

/**
 * An example board in a browser's frame: Alex's profile over `board`, the same board every person
 * has, drawn from the sample blocks (sample-blocks.ts) by the landing screen.
 */
export function SampleBoard({ board }: { board: ReactNode }) {
  return (
    <section
      aria-label="Sample board"
      className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xl shadow-violet-900/10"
    >
      <div className="flex items-center gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2.5">
        <span aria-hidden className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-green-300" />
        </span>
        <span className="mx-auto truncate rounded-md bg-white px-3 py-0.5 text-xs text-gray-600 ring-1 ring-gray-200">
          up2/@alex
        </span>
      </div>
      <div className="space-y-5 p-4 sm:p-6">
        <PreviewProfile />
        {board}
      </div>
    </section>
  );
}
