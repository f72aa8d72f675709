import { type FormEvent, useId, useState } from 'react';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import { findBlockType } from '../../../../schema/catalogue';
import { categories } from '../../../../schema/categories';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { importSummary } from '../../../lib/import-summary';
import { countOf } from '../../../lib/plural';
import { type SourcePreview, useConnectSource, usePreviewSource } from '../api/sources';
import { kindLabels, siteLabels, statusLabels } from './labels';

function typeLabel(category: string, type: string) {
  const categoryLabel = categories.find((entry) => entry.key === category)?.label ?? category;
  return `${categoryLabel} · ${findBlockType(type)?.label ?? type}`;
}

type PreviewBlock = SourcePreview['blocks'][number];

function PreviewRow({ block }: { block: PreviewBlock }) {
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm">
      {block.imageUrl ? (
        <img
          src={block.imageUrl}
          alt=""
          referrerPolicy="no-referrer"
          loading="lazy"
          className="size-10 shrink-0 rounded object-cover"
        />
      ) : (
        <span aria-hidden className="size-10 shrink-0 rounded bg-gray-100" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-gray-900">{block.title}</span>
        {block.subtitle && (
          <span className="block truncate text-xs text-gray-600">{block.subtitle}</span>
        )}
        <span className="block truncate text-xs text-gray-600">
          {typeLabel(block.category, block.type)}
          {block.onBoard && ' · on your board already'}
        </span>
      </span>
      <span className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
        {statusLabels[block.status]}
      </span>
    </li>
  );
}

type Choices = { shelves: BlockStatus[]; startHidden: boolean; blockPerItem: boolean };

function ShelfChoice({
  preview,
  chosen,
  onChange,
}: {
  preview: SourcePreview;
  chosen: BlockStatus[];
  onChange: (shelves: BlockStatus[]) => void;
}) {
  if (preview.shelves.length < 2) return null;
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-gray-900">Shelves to take</legend>
      {preview.shelves.map(({ shelf, name, items }) => (
        <label key={shelf} className="flex items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            checked={chosen.includes(shelf)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, shelf]
                  : chosen.filter((taken) => taken !== shelf),
              )
            }
            className="accent-violet-600"
          />
          {name} to {statusLabels[shelf]} ({countOf(items, { one: 'item', other: 'items' })})
        </label>
      ))}
    </fieldset>
  );
}

function Options({
  preview,
  choices,
  onChange,
}: {
  preview: SourcePreview;
  choices: Choices;
  onChange: (choices: Choices) => void;
}) {
  return (
    <div className="space-y-3">
      <ShelfChoice
        preview={preview}
        chosen={choices.shelves}
        onChange={(shelves) => onChange({ ...choices, shelves })}
      />
      {preview.kind === 'feed' && (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-900">Blocks from this feed</legend>
          {[
            { perItem: false, label: 'One link block, showing its latest item' },
            { perItem: true, label: 'One block per item' },
          ].map(({ perItem, label }) => (
            <label key={label} className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="radio"
                name="block-per-item"
                checked={choices.blockPerItem === perItem}
                onChange={() => onChange({ ...choices, blockPerItem: perItem })}
                className="accent-violet-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          checked={choices.startHidden}
          onChange={(event) => onChange({ ...choices, startHidden: event.target.checked })}
          className="accent-violet-600"
        />
        New blocks start hidden
      </label>
    </div>
  );
}

function PreviewList({ preview, shelves }: { preview: SourcePreview; shelves: BlockStatus[] }) {
  const taken = preview.blocks.filter((block) => shelves.includes(block.status));
  const fresh = taken.filter((block) => !block.onBoard);
  const summary = importSummary(
    { blocks: fresh, newCount: fresh.length, alreadyOnBoard: taken.length - fresh.length },
    'Nothing new to add yet.',
  );
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-900" aria-live="polite">
        <span className="font-medium">{preview.title}</span> (
        {preview.site ? siteLabels[preview.site] : kindLabels[preview.kind]}): {summary}
      </p>
      {taken.length > 0 && (
        <ul
          aria-label="Blocks it would make"
          className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200"
        >
          {taken.map((block, index) => (
            // Titles may repeat (a film watched twice): the row's place tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <PreviewRow key={index} block={block} />
          ))}
        </ul>
      )}
    </div>
  );
}

// Every shelf is taken until the owner leaves one out, shelves the feed has no item on yet too:
// a book on to-read today is read next month.
const defaultChoices = (): Choices => ({
  shelves: [...blockStatuses],
  startHidden: false,
  blockPerItem: false,
});

function optionsOf({ shelves, startHidden, blockPerItem }: Choices) {
  const all = blockStatuses.every((status) => shelves.includes(status));
  return { ...(!all && { shelves }), startHidden, blockPerItem };
}

/**
 * "Add a source": paste a feed's link (or a page that announces one), see the blocks it would
 * make, choose the shelves and how blocks start, then Connect.
 */
export function AddSourceDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [url, setUrl] = useState('');
  const [choices, setChoices] = useState<Choices>(defaultChoices());
  const previewSource = usePreviewSource();
  const connect = useConnectSource();
  const urlId = useId();
  const preview = previewSource.data;

  const close = () => {
    props.onOpenChange(false);
    setUrl('');
    previewSource.reset();
    connect.reset();
  };
  const askPreview = (event: FormEvent) => {
    event.preventDefault();
    connect.reset();
    previewSource.mutate(url, { onSuccess: () => setChoices(defaultChoices()) });
  };
  const runConnect = () => {
    if (!preview) return;
    connect.mutate(
      { url: preview.url, options: optionsOf(choices) },
      {
        onSuccess: ({ source }) => {
          toast({
            title: 'Source connected',
            description: `${source.title}: ${countOf(source.blocksMade, { one: 'block', other: 'blocks' })} on your board.`,
          });
          close();
        },
      },
    );
  };
  const failure = previewSource.error ?? connect.error;
  const urlError =
    failure instanceof ApiRequestError ? (failure.fields.url ?? failure.serverMessage) : undefined;

  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? props.onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a source</DialogTitle>
          <DialogDescription>
            Paste a feed, or a page that has one: a Letterboxd diary, a Goodreads or BookWyrm shelf,
            a blog, a YouTube channel, your GitHub activity. Up2 keeps your board current from it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={askPreview} className="space-y-1.5">
          <label htmlFor={urlId} className="text-sm font-medium text-gray-900">
            Feed or page link
          </label>
          <div className="flex gap-2">
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              required
              value={url}
              placeholder="https://letterboxd.com/you/rss/"
              aria-invalid={Boolean(urlError)}
              onChange={(event) => {
                setUrl(event.target.value);
                // What the server said was of the link before: a new link has not been read yet.
                if (previewSource.isError) previewSource.reset();
                if (connect.isError) connect.reset();
              }}
            />
            <Button type="submit" variant="outline" disabled={previewSource.isPending || !url}>
              {previewSource.isPending ? 'Reading…' : 'Preview'}
            </Button>
          </div>
        </form>
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {urlError ?? errorMessage(failure, 'The source could not be read. Please try again.')}
          </p>
        )}
        {preview && (
          <>
            <PreviewList preview={preview} shelves={choices.shelves} />
            <Options preview={preview} choices={choices} onChange={setChoices} />
          </>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={runConnect}
            disabled={!preview || choices.shelves.length === 0 || connect.isPending}
          >
            {connect.isPending ? 'Connecting…' : 'Connect'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
