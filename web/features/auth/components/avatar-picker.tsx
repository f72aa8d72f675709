import { Loader2Icon, UploadIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { imageFileProblem } from '../../../lib/image-file';
import { useUploadAvatar } from '../api/upload-avatar';
import { generatedAvatarUrl, type PresetAvatar, presetAvatars } from '../avatars';

const styleTints: Record<PresetAvatar['style'], string> = {
  avataaars: 'bg-violet-100',
  lorelei: 'bg-amber-100',
  micah: 'bg-sky-100',
};

function presetName(preset: PresetAvatar) {
  return `${preset.seed} (${preset.style} avatar)`;
}

type AvatarPickerProps = {
  /** The chosen avatar URL; "" means none, so the generated one is shown. */
  value: string;
  onChange: (avatar: string) => void;
  username: string;
  displayName: string;
};

/** Upload an image, or pick one of the preset avatars. */
export function AvatarPicker({ value, onChange, username, displayName }: AvatarPickerProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const uploadChosenFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setFileProblem(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: () =>
        toast({
          title: 'Upload failed',
          description: 'Could not upload avatar. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-900">Avatar</legend>
      <div className="flex items-center gap-4">
        <UserAvatar
          src={value || generatedAvatarUrl(username)}
          name={displayName || username}
          className="size-16 text-2xl"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
            aria-describedby={fileProblem ? `${id}-problem` : undefined}
          >
            {upload.isPending ? (
              <Loader2Icon aria-hidden className="animate-spin" />
            ) : (
              <UploadIcon aria-hidden />
            )}
            Upload image
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
              Remove
            </Button>
          )}
          <input ref={fileInput} type="file" accept="image/*" hidden onChange={uploadChosenFile} />
        </div>
      </div>
      {fileProblem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {fileProblem}
        </p>
      )}
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-8">
        {presetAvatars.map((preset) => (
          <label key={preset.url} className="relative flex justify-center">
            <input
              type="radio"
              name={`${id}-preset`}
              value={preset.url}
              checked={value === preset.url}
              onChange={() => onChange(preset.url)}
              // Named here: the picture inside the label may still be loading, or out of reach.
              aria-label={presetName(preset)}
              className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            />
            <span className="rounded-full p-0.5 ring-offset-1 peer-checked:ring-2 peer-checked:ring-violet-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-500">
              <UserAvatar
                src={preset.url}
                name={presetName(preset)}
                tint={styleTints[preset.style]}
                className="size-10 cursor-pointer"
              />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
