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
import { useDeleteBlockWithUndo } from '../api/delete-block';

/** Delete, once the owner confirms it; the toast then offers Undo for a few seconds. */
export function DeleteBlockButton({
  blockId,
  onDeleted,
}: {
  blockId: number;
  onDeleted: () => void;
}) {
  const deleteWithUndo = useDeleteBlockWithUndo();

  function confirm() {
    deleteWithUndo(blockId);
    onDeleted();
  }

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive-outline" className="sm:mr-auto">
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
