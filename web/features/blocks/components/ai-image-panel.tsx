import { SparklesIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type ImageRatio, imageRatios } from '../../../../schema/block-values';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useGenerateImage } from '../api/generate-image';
import { RatioChoice } from './ratio-choice';

/** Opens to a ratio and a prompt; a generated image replaces the block's image URL. */
export function AiImagePanel({ onGenerated }: { onGenerated: (imageUrl: string) => void }) {
  const [open, setOpen] = useState(false);
  const [ratio, setRatio] = useState<ImageRatio>('square');
  const [prompt, setPrompt] = useState('');
  const generate = useGenerateImage();
  const panelId = useId();
  const promptId = useId();
  const canGenerate = prompt.trim().length > 0 && !generate.isPending;

  function run() {
    if (!canGenerate) return;
    generate.mutate(
      { prompt: prompt.trim(), ratio },
      {
        onSuccess: ({ imageUrl }) => {
          onGenerated(imageUrl);
          setOpen(false);
          setPrompt('');
          toast({ title: 'Image generated!', description: 'Your AI-generated image is ready.' });
        },
        onError: (error) =>
          toast({
            title: 'Generation failed',
            description: errorMessage(error, 'Failed to generate image. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <SparklesIcon aria-hidden />
        Generate with AI
      </Button>
      {open && (
        <div
          id={panelId}
          className="space-y-3 rounded-lg border border-violet-200 bg-violet-50 p-3"
        >
          <RatioChoice
            legend="AI image ratio"
            options={imageRatios}
            value={ratio}
            onChange={setRatio}
          />
          <div className="space-y-1.5">
            <Label htmlFor={promptId}>Describe the image</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={promptId}
                value={prompt}
                maxLength={500}
                onChange={(e) => setPrompt(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  run();
                }}
                placeholder="A cozy reading nook with warm light"
              />
              <Button type="button" onClick={run} disabled={!canGenerate}>
                {generate.isPending ? 'Generating...' : 'Generate'}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
