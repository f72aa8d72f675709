import { UploadIcon } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { imageFileProblem } from '../../../lib/image-file';
import { useUploadBlockImage } from '../api/upload-block-image';

/** Picks a picture from the device and stores it; its URL then becomes the block's image. */
export function UploadImageButton({ onUploaded }: { onUploaded: (imageUrl: string) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadBlockImage();

  function uploadChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => onUploaded(url),
      onError: (error) =>
        toast({
          title: 'Upload failed',
          description: errorMessage(error, 'Could not upload the image. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={upload.isPending}
        onClick={() => fileInput.current?.click()}
      >
        <UploadIcon aria-hidden />
        {upload.isPending ? 'Uploading...' : 'Upload image'}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label="Image file"
        hidden
        onChange={uploadChosenFile}
      />
    </>
  );
}
