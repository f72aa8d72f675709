import { useForm } from 'react-hook-form';
import type { ImageRatio } from '../../../../schema/block-values';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import type { BlockInput } from '../../../../schema/blocks';
import { findBlockType } from '../../../../schema/catalogue';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateBlock } from '../api/create-block';
import type { Block } from '../api/get-own-blocks';
import { useUpdateBlock } from '../api/update-block';
import {
  type BlockFormField,
  type BlockFormValues,
  blockFormDefaults,
  blockToFormValues,
  newBlockFormValues,
  validateBlockForm,
} from '../block-form';
import { quickMoves } from '../block-rules';
import { BlockImageFields } from './block-image-fields';
import { BlockStatusFields } from './block-status-fields';
import { BlockTypePicker } from './block-type-picker';
import { DeleteBlockButton } from './delete-block-button';

export type BlockDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The block to edit; null or undefined creates a new one. */
  block?: Block | null;
  /** Status a new block starts in (the tab whose "Create Block" tile was used). */
  initialStatus?: BlockStatus;
  /** The board-wide image ratio, which a block on "Board ratio" takes. */
  boardRatio: ImageRatio;
};

/**
 * "Create Activity Block" / "Edit Activity Block". The form lives inside the dialog's content,
 * which unmounts on close, so closing or cancelling always returns it to its defaults.
 */
export function BlockDialog({
  open,
  onOpenChange,
  block,
  initialStatus,
  boardRatio,
}: BlockDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} size="wide">
        <DialogHeader>
          <DialogTitle>{block ? 'Edit Activity Block' : 'Create Activity Block'}</DialogTitle>
        </DialogHeader>
        <BlockForm
          key={block?.id ?? 'new'}
          block={block ?? null}
          initialValues={block ? blockToFormValues(block) : newBlockFormValues(initialStatus)}
          boardRatio={boardRatio}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

const moveLabels: Record<BlockStatus, string> = {
  planned: 'Move to Planned',
  now: 'Move to Now',
  done: 'Move to Done',
};

type BlockFormProps = {
  block: Block | null;
  initialValues: BlockFormValues;
  boardRatio: ImageRatio;
  onClose: () => void;
};

function BlockForm({ block, initialValues, boardRatio, onClose }: BlockFormProps) {
  const form = useForm<BlockFormValues>({ defaultValues: initialValues });
  const { register, setValue, setError, clearErrors, getValues, watch } = form;
  const errors = form.formState.errors;
  const values = watch();
  const createBlock = useCreateBlock();
  const updateBlock = useUpdateBlock();
  const pending = createBlock.isPending || updateBlock.isPending;

  function set(change: Partial<BlockFormValues>) {
    for (const [field, value] of Object.entries(change)) {
      setValue(field as BlockFormField, value, { shouldDirty: true });
      clearErrors(field as BlockFormField);
    }
  }

  /** Checks the form; shows what is missing at the fields and in a toast. */
  function checked(formValues: BlockFormValues): BlockInput | null {
    clearErrors();
    const result = validateBlockForm(formValues);
    if (result.ok) return result.payload;
    for (const [field, message] of Object.entries(result.errors)) {
      setError(field as BlockFormField, { message });
    }
    toast({ title: result.message, variant: 'destructive' });
    return null;
  }

  function showServerFields(error: unknown) {
    if (!(error instanceof ApiRequestError)) return;
    for (const [field, message] of Object.entries(error.fields)) {
      if (field in blockFormDefaults) setError(field as BlockFormField, { message });
    }
  }

  async function save(formValues: BlockFormValues) {
    const payload = checked(formValues);
    if (!payload) return;
    try {
      if (block) await updateBlock.mutateAsync({ id: block.id, block: payload });
      else await createBlock.mutateAsync(payload);
      toast({
        title: 'Success',
        description: `Activity block ${block ? 'updated' : 'created'} successfully.`,
      });
      onClose();
    } catch (error) {
      showServerFields(error);
      toast({
        title: 'Error',
        description: `Failed to ${block ? 'update' : 'create'} activity block.`,
        variant: 'destructive',
      });
    }
  }

  /** Editing saves the block in its new place at once; a new block just takes the status. */
  async function move(status: BlockStatus) {
    if (!block) {
      set(quickMoves[status]);
      return;
    }
    const payload = checked({ ...getValues(), ...quickMoves[status] });
    if (!payload) return;
    try {
      await updateBlock.mutateAsync({ id: block.id, block: payload });
      toast({ title: 'Status updated', description: 'Activity block moved successfully.' });
      onClose();
    } catch (error) {
      showServerFields(error);
      toast({
        title: 'Error',
        description: 'Failed to update status. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(getValues());
      }}
      className="grid min-w-0 gap-5"
    >
      <BlockTypePicker
        category={values.category}
        type={values.type}
        onCategoryChange={(category) => set({ category, type: null })}
        onTypeChange={(type) => set({ type })}
        error={errors.category?.message ?? errors.type?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Label" error={errors.label?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('label')}
              placeholder={(values.type && findBlockType(values.type)?.label) || 'e.g. Book'}
            />
          )}
        </FormField>
        <FormField label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} {...register('title')} required />}
        </FormField>
      </div>
      <FormField label="Subtitle" error={errors.subtitle?.message}>
        {(control) => <Input {...control} {...register('subtitle')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} rows={3} />}
      </FormField>
      <BlockImageFields
        register={register}
        imageUrl={values.imageUrl}
        ratio={values.imageAspectRatio}
        boardRatio={boardRatio}
        position={values.imagePosition}
        hadImageUrl={Boolean(block?.imageUrl)}
        error={errors.imageUrl?.message}
        onChange={set}
      />
      <FormField label="External link" error={errors.externalUrl?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('externalUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </FormField>
      <BlockStatusFields
        status={values.status}
        progress={values.progress}
        progressEnabled={values.progressEnabled}
        onChange={set}
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Move</legend>
        {blockStatuses.map((status) => (
          <Button
            key={status}
            type="button"
            variant="secondary"
            size="sm"
            disabled={pending || status === values.status}
            onClick={() => move(status)}
          >
            {moveLabels[status]}
          </Button>
        ))}
      </fieldset>
      <DialogFooter className="items-stretch gap-2 border-t border-gray-200 pt-4 sm:items-center">
        {block && <DeleteBlockButton blockId={block.id} onDeleted={onClose} />}
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : block ? 'Save Changes' : 'Create Block'}
        </Button>
      </DialogFooter>
    </form>
  );
}
