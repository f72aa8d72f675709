import { CopyIcon } from 'lucide-react';
import { useRef } from 'react';
import { fediverseHandle } from '../../schema/indieweb';
import { useSiteOrigin } from '../lib/site-origin';
import { Button } from './ui/button';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { toast } from './ui/use-toast';

/**
 * The board's fediverse handle (`@username@host`), read-only, with a button that copies it: what
 * a person pastes into Mastodon's search to follow the board from there. Profile settings and the
 * share dialog both offer it.
 */
export function FediverseHandleField({
  username,
  isPrivate = false,
}: {
  username: string;
  /** A private board cannot be followed from the fediverse: the hint says so. */
  isPrivate?: boolean;
}) {
  const handle = fediverseHandle(username, new URL(useSiteOrigin()).host);
  const field = useRef<HTMLInputElement>(null);

  const copyHandle = async () => {
    try {
      await navigator.clipboard.writeText(handle);
      toast({ title: 'Handle copied', description: handle });
    } catch {
      // Without clipboard access, the selected handle is one shortcut away from copied.
      field.current?.select();
      toast({ title: 'Copy failed', description: 'Select the handle and copy it yourself.' });
    }
  };

  return (
    <FormField
      label="Fediverse handle"
      hint={
        isPrivate
          ? 'Your board is private: no one can follow it from Mastodon or the fediverse until you make it public.'
          : 'Anyone on Mastodon or the fediverse can search for this handle and follow your board.'
      }
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            ref={field}
            readOnly
            value={handle}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={copyHandle}>
            <CopyIcon aria-hidden />
            Copy handle
          </Button>
        </div>
      )}
    </FormField>
  );
}
