import {
  BookOpenIcon,
  FolderKanbanIcon,
  MapPinIcon,
  MusicIcon,
  PlusIcon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { BlockTypeKey } from '../../../../schema/catalogue';
import { Button } from '../../../components/ui/button';

/** Once dismissed, the banner never comes back on this browser. */
const dismissedKey = 'up2_onboarding_dismissed';

const examples: { label: string; Icon: typeof BookOpenIcon; type: BlockTypeKey }[] = [
  { label: 'A book', Icon: BookOpenIcon, type: 'books-reading' },
  { label: 'Music', Icon: MusicIcon, type: 'music-instruments' },
  { label: 'Places', Icon: MapPinIcon, type: 'travel-exploration' },
  { label: 'Projects', Icon: FolderKanbanIcon, type: 'projects-startups' },
];

function wasDismissed(): boolean {
  return localStorage.getItem(dismissedKey) !== null;
}

/** Greets an owner whose board is still empty and offers the first block. */
export function OnboardingBanner({
  blockCount,
  onCreate,
  onExample,
}: {
  blockCount: number;
  onCreate: () => void;
  /** Opens the block dialog with the example's type chosen. */
  onExample: (type: BlockTypeKey) => void;
}) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || blockCount > 0) return null;

  const dismiss = () => {
    localStorage.setItem(dismissedKey, 'true');
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="onboarding-heading"
      className="relative rounded-xl border border-violet-200 bg-violet-50 p-5 pr-12"
    >
      <Button
        variant="subtle"
        size="icon-sm"
        onClick={dismiss}
        aria-label="Dismiss getting started"
        className="absolute right-2 top-2"
      >
        <XIcon />
      </Button>
      <h2 id="onboarding-heading" className="text-lg font-semibold text-gray-900">
        Start your board
      </h2>
      <p className="mt-1 text-sm text-gray-700">Add what you're up to these days, for example:</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {examples.map(({ label, Icon, type }) => (
          <li key={label}>
            <button
              type="button"
              onClick={() => onExample(type)}
              className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm text-gray-800 shadow-sm hover:bg-violet-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
            >
              <Icon aria-hidden className="size-4 text-violet-700" />
              {label}
            </button>
          </li>
        ))}
      </ul>
      <Button className="mt-4" onClick={onCreate}>
        <PlusIcon aria-hidden />
        Create Your First Block
      </Button>
    </section>
  );
}
