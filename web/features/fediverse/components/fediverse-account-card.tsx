import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useFediverseProfile } from '../api/get-fediverse-profile';
import { useUpdateFediverseProfile } from '../api/update-fediverse-profile';

/** The field messages of a refused change, by field (`alsoKnownAs.0` shown on the list). */
function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? error.fields : {};
}

/**
 * Moving the board's fediverse account in and out: the accounts the owner had before ("Also known
 * as", so one of them can move its followers here), and the new account the board moves to.
 */
export function FediverseAccountCard() {
  const { data } = useFediverseProfile();
  return (
    <section aria-labelledby="fediverse-account-heading" className="space-y-3">
      <h2 id="fediverse-account-heading" className="text-sm font-semibold text-gray-900">
        Fediverse Account
      </h2>
      {!data && <Skeleton className="h-10 w-full" />}
      {data && <AlsoKnownAsForm accounts={data.alsoKnownAs} />}
      {data?.movedTo && (
        <p className="text-sm text-gray-700">
          Your board moved to <span className="break-all font-medium">{data.movedTo}</span>.
        </p>
      )}
      {data && !data.movedTo && <MoveForm />}
    </section>
  );
}

function AlsoKnownAsForm({ accounts }: { accounts: string[] }) {
  const [text, setText] = useState(accounts.join(', '));
  const update = useUpdateFediverseProfile();
  const fields = fieldErrors(update.error);
  const fieldError = Object.entries(fields).find(([field]) => field.startsWith('alsoKnownAs'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const alsoKnownAs = text
      .split(/[\s,]+/)
      .map((account) => account.trim())
      .filter(Boolean);
    update.mutate(
      { alsoKnownAs },
      { onSuccess: () => toast({ title: 'Your former accounts are saved' }) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <FormField
        label="Also known as"
        hint="Your accounts elsewhere, like @you@mastodon.social: one of them can then move its followers to this board."
        error={
          fieldError?.[1] ??
          (update.isError
            ? errorMessage(update.error, 'Failed to save. Please try again.')
            : undefined)
        }
      >
        {(control) => (
          <Input {...control} value={text} onChange={(event) => setText(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" size="compact" disabled={update.isPending}>
        Save
      </Button>
    </form>
  );
}

function MoveForm() {
  const [account, setAccount] = useState('');
  const move = useUpdateFediverseProfile();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(
      { movedTo: account.trim() },
      { onSuccess: () => toast({ title: 'Your followers are being told of your move' }) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <FormField
        label="Move to a new account"
        hint="The new account must list this board under its own “Also known as” first. Every follower is told, and the board says where it moved."
        error={
          fieldErrors(move.error).movedTo ??
          (move.isError ? errorMessage(move.error, 'Failed to move. Please try again.') : undefined)
        }
      >
        {(control) => (
          <Input
            {...control}
            value={account}
            placeholder="@you@new.server"
            onChange={(event) => setAccount(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" size="compact" disabled={move.isPending || !account.trim()}>
        Move
      </Button>
    </form>
  );
}
