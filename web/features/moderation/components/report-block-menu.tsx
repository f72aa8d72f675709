import { FlagIcon } from 'lucide-react';
import { __iconData as moreIcon } from 'lucide-react/icons/ellipsis';
import { lazy, Suspense, useRef, useState } from 'react';
import { SpriteIcon } from '../../../components/icon-sprite';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { loadChunk } from '../../../lib/load-chunk';
import { needsAppAttribute } from '../../../lib/page-actions';
import { usePendingAction } from '../../../lib/use-pending-action';

/** What the menu's button draws on every card, for the board's sprite. */
export const blockMenuIcons = [moreIcon];

// The dialog comes with the menu's first approach or opening, never with the page.
const loadDialog = () => loadChunk(() => import('./report-dialog'));
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

/**
 * A card's menu for a visitor: Report names this block to the moderators. Pressed on a board
 * drawn on the server before the app had started, the menu opens once the app has.
 */
export function ReportBlockMenu({
  username,
  block,
}: {
  username: string;
  block: { id: number; title: string };
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const action = `block-menu-${block.id}`;
  usePendingAction(action, () => setMenuOpen(true));

  const openDialog = () => {
    setDialogMounted(true);
    setDialogOpen(true);
  };

  return (
    <>
      <DropdownMenu modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            type="button"
            variant="ghost"
            size="compact"
            // Several cards each have one: the name says which block it is about.
            aria-label={`More for ${block.title}`}
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            {...{ [needsAppAttribute]: action }}
          >
            <SpriteIcon icon={moreIcon} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-36">
          <DropdownMenuItem onSelect={openDialog}>
            <FlagIcon aria-hidden className="mr-2 size-4" />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialogMounted && (
        <Suspense fallback={null}>
          <ReportDialog
            username={username}
            block={block}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
