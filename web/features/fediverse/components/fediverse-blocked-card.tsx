import { UndoIcon } from 'lucide-react';
import { AlertDialogAction, ConfirmedButton } from '../../../components/ui/alert-dialog';
import { ListSection } from '../../../components/ui/list-section';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { type FediverseBlock, useFediverseBlocked } from '../api/get-fediverse-blocked';
import { useUnblock } from '../api/unblock';

/**
 * The accounts and servers of the fediverse the owner blocked from their board (from a like, boost
 * or reply), each with a way to lift the block.
 */
export function FediverseBlockedCard() {
  const { data, isError, refetch } = useFediverseBlocked();
  return (
    <ListSection
      id="fediverse-blocked-heading"
      heading="Blocked"
      items={data?.blocked}
      isError={isError}
      retry={refetch}
      failure="Couldn't load the accounts and servers you blocked."
      empty="You haven't blocked any account or server of the fediverse."
    >
      <ul className="space-y-2">
        {data?.blocked.map((block) => (
          <BlockedRow key={block.id} block={block} />
        ))}
      </ul>
    </ListSection>
  );
}

function BlockedRow({ block }: { block: FediverseBlock }) {
  return (
    <li className="flex items-center gap-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">{block.label}</p>
        <p className="text-xs text-gray-600">{block.kind === 'server' ? 'Server' : 'Account'}</p>
      </div>
      <UnblockButton block={block} />
    </li>
  );
}

/** Lifts the block once the owner confirms it: the account or server may follow and answer again. */
function UnblockButton({ block }: { block: FediverseBlock }) {
  const unblock = useUnblock();
  const confirm = () =>
    unblock.mutate(block.id, {
      onSuccess: () =>
        toast({
          title: block.kind === 'server' ? 'Server unblocked' : 'Account unblocked',
          description: block.label,
        }),
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to unblock. Please try again.'),
          variant: 'destructive',
        }),
    });
  const whom = block.kind === 'server' ? `everyone on ${block.label}` : block.label;
  return (
    <ConfirmedButton
      label="Unblock"
      icon={<UndoIcon aria-hidden />}
      ariaLabel={`Unblock ${block.label}`}
      pending={unblock.isPending}
      title={`Unblock ${block.label}?`}
      description={`From now on ${whom} may follow your board and like, boost and reply to your stories. The likes, boosts, replies and follows the block removed do not come back.`}
    >
      <AlertDialogAction onClick={confirm}>Unblock</AlertDialogAction>
    </ConfirmedButton>
  );
}
