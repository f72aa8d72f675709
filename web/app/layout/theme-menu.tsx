import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { needsAppAttribute } from '../../lib/page-actions';
import { chooseTheme, type ThemeChoice, themeChoices, useTheme } from '../../lib/theme';
import { usePendingAction } from '../../lib/use-pending-action';

const themeAction = 'theme';

const choiceLooks = {
  light: { label: 'Light', Icon: SunIcon },
  dark: { label: 'Dark', Icon: MoonIcon },
  system: { label: 'System', Icon: MonitorIcon },
} satisfies Record<ThemeChoice, unknown>;

const isThemeChoice = (value: string): value is ThemeChoice =>
  (themeChoices as readonly string[]).includes(value);

/**
 * Light, Dark or System, kept on this device. The button's icon is the scheme the page shows,
 * picked by CSS, so a page drawn on the server shows the right one before any script.
 */
export function ThemeMenu() {
  const { choice } = useTheme();
  const [open, setOpen] = useState(false);

  // Pressed on a page drawn on the server before the app had started: opened now that it is live.
  usePendingAction(themeAction, () => setOpen(true));

  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="max-sm:size-8"
          aria-label="Theme"
          {...{ [needsAppAttribute]: themeAction }}
        >
          <SunIcon aria-hidden className="dark:hidden" />
          <MoonIcon aria-hidden className="hidden dark:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        <DropdownMenuRadioGroup
          value={choice}
          onValueChange={(value) => isThemeChoice(value) && chooseTheme(value)}
        >
          {themeChoices.map((value) => {
            const { label, Icon } = choiceLooks[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon aria-hidden className="size-4" />
                {label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
