import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type DiscoverMessageProps = {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
};

/** The discover page's empty, no-match and failure states. */
export function DiscoverMessage({ icon: Icon, title, text, action }: DiscoverMessageProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-violet-50 text-violet-700">
        <Icon aria-hidden className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-gray-900">{title}</h2>
      <p className="mt-1 text-sm text-gray-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
