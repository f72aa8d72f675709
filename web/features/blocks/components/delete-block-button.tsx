import { Trash2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteBlock } from '../api/delete-block';

/** Delete, only once the owner confirms it: a deleted block cannot be brought back. */
export function DeleteBlockButton({
  blockId,
  onDeleted,
}: {
  blockId: number;
  onDeleted: () => void;
}) {
  const deleteBlock = useDeleteBlock();

  function confirm() {
    deleteBlock.mutate(blockId, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Activity block deleted successfully.' });
        onDeleted();
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to delete activity block.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="destructive-outline"
          className="sm:mr-auto"
          disabled={deleteBlock.isPending}
        >
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent aria-describedby={undefined}>
        <AlertDialogTitle>Are you sure you want to delete this activity block?</AlertDialogTitle>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
