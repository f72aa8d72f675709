import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import type { BlockStatus } from '../../../../schema/block-values';
import type { ImportSource, LetterboxdList } from '../../../../schema/imports';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { importAction, importSummary } from '../../../lib/import-summary';
import { countOf } from '../../../lib/plural';
import { useImportBlocks } from '../api/import-blocks';
import { type ImportPreview, usePreviewImport } from '../api/preview-import';
import { recogniseExport } from '../lib/recognise-export';

type SourceLook = { label: string; things: string; howTo: string; file: string };

// Any service's export: a file is known by its content, whichever service is picked.
const exportFiles = '.csv,text/csv,.zip,application/zip,.json,application/json';

const sources: Record<ImportSource, SourceLook> = {
  goodreads: {
    label: 'Goodreads',
    things: 'books',
    file: 'CSV file',
    howTo:
      'On Goodreads, open My Books, then Import and export, and choose Export Library. Pick the .csv file it gives you: read books go to Done, currently reading to Now, want to read to Planned.',
  },
  letterboxd: {
    label: 'Letterboxd',
    things: 'films',
    file: 'CSV file or ZIP',
    howTo:
      'On Letterboxd, open Settings, then Data, and choose Export your data. Pick the ZIP it gives you as it came (films watched to Done, your watchlist to Planned), or one file from it: watched.csv or diary.csv (to Done) or watchlist.csv (to Planned).',
  },
  storygraph: {
    label: 'StoryGraph',
    things: 'books',
    file: 'CSV file',
    howTo:
      'On StoryGraph, open Manage Account, then Export StoryGraph Library. Pick the .csv file it gives you: read books go to Done, currently reading to Now, to-read to Planned, and books you did not finish to Done, marked so.',
  },
  trakt: {
    label: 'Trakt',
    things: 'films and shows',
    file: 'ZIP or JSON file',
    howTo:
      'On Trakt, open Settings, then Data, and export your data. Pick the ZIP it gives you as it came, or one file from it (watched-movies.json, watched-shows.json, ratings-movies.json, ratings-shows.json or lists-watchlist.json): films and shows you watched or rated go to Done, your watchlist to Planned.',
  },
  imdb: {
    label: 'IMDb',
    things: 'films and shows',
    file: 'CSV file',
    howTo:
      'On IMDb, open Your Ratings, then the menu beside it, and choose Export. Pick the .csv file it gives you: each film and series you rated goes to Done with your rating.',
  },
};

const statusLabels: Record<BlockStatus, string> = { now: 'Now', planned: 'Planned', done: 'Done' };

function plural(count: number, one: string, other: string) {
  return countOf(count, { one, other });
}

function CoversChoice({
  withIsbn,
  checked,
  onChange,
}: {
  withIsbn: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-gray-900">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 accent-violet-600"
      />
      <span>
        Add covers from Open Library
        <span className="block text-xs text-gray-600">
          Looks up {plural(withIsbn, 'book', 'books')} by ISBN on openlibrary.org and keeps a copy
          of each cover on Up2.
        </span>
      </span>
    </label>
  );
}

const listLabels: Record<LetterboxdList, string> = {
  watched: 'Films I watched (to Done)',
  watchlist: 'My watchlist (to Planned)',
};

/** Which Letterboxd list a file is, asked only when neither its columns nor its name say. */
function ListChoice({
  value,
  onChange,
}: {
  value: LetterboxdList | undefined;
  onChange: (list: LetterboxdList) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-900">Which list is this file?</legend>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(listLabels) as LetterboxdList[]).map((list) => (
          <label
            key={list}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50"
          >
            <input
              type="radio"
              name="letterboxd-list"
              value={list}
              checked={value === list}
              onChange={() => onChange(list)}
              className="accent-violet-600"
            />
            {listLabels[list]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * How far the file's upload has come, then a bar without an end while the server reads or imports
 * it (how long that takes is not known).
 */
function ImportProgress({ label, uploaded }: { label: string; uploaded: number }) {
  const uploading = uploaded < 1;
  return (
    <div className="space-y-1" aria-live="polite">
      <p className="text-sm text-gray-600">
        {uploading ? `Sending the file… ${Math.round(uploaded * 100)}%` : label}
      </p>
      <progress
        aria-label={label}
        className="h-2 w-full accent-violet-600"
        max={1}
        value={uploading ? uploaded : undefined}
      />
    </div>
  );
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-900" aria-live="polite">
        {importSummary(preview)}
        {preview.skippedRows > 0 &&
          ` ${plural(preview.skippedRows, 'row is', 'rows are')} left out (another shelf, or no title).`}
      </p>
      {preview.doesNotFit && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {preview.doesNotFit}
        </p>
      )}
      {preview.blocks.length > 0 && (
        <ul
          aria-label="Blocks to add"
          className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200"
        >
          {preview.blocks.map((block, index) => (
            // Titles may repeat (two editions of a book): the row's place tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <li key={index} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-gray-900">{block.title}</span>
                {block.subtitle && (
                  <span className="block truncate text-xs text-gray-600">{block.subtitle}</span>
                )}
              </span>
              <span className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                {statusLabels[block.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Imports an export of Goodreads, Letterboxd, StoryGraph, Trakt or IMDb: a file dropped or chosen
 * is known by its content (whichever service was picked), the server reads it and shows what it
 * would add; only then does "Import" add it.
 */
export function ImportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [source, setSource] = useState<ImportSource>('goodreads');
  const [file, setFile] = useState<File | null>(null);
  const [list, setList] = useState<LetterboxdList | undefined>();
  const [covers, setCovers] = useState(false);
  const [recognised, setRecognised] = useState<ImportSource | null>(null);
  const [uploaded, setUploaded] = useState(0);
  // A new input (no file shown) when the person picks another service.
  const [inputKey, setInputKey] = useState(0);
  const previewImport = usePreviewImport();
  const importBlocks = useImportBlocks();
  const fileId = useId();
  const preview = previewImport.data;

  const reset = () => {
    setFile(null);
    setList(undefined);
    setCovers(false);
    setRecognised(null);
    previewImport.reset();
    importBlocks.reset();
  };
  const close = () => {
    props.onOpenChange(false);
    reset();
  };
  const chooseSource = (next: ImportSource) => {
    setSource(next);
    setInputKey((key) => key + 1);
    reset();
  };
  const takeFile = async (chosen: File | null) => {
    importBlocks.reset();
    setFile(chosen);
    setList(undefined);
    setRecognised(null);
    if (!chosen) {
      previewImport.reset();
      return;
    }
    const known = await recogniseExport(chosen).catch(() => null);
    if (known && known !== source) {
      setSource(known);
      setRecognised(known);
    }
    setUploaded(0);
    previewImport.mutate({ source: known ?? source, file: chosen, onUpload: setUploaded });
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) =>
    takeFile(event.target.files?.[0] ?? null);
  const dropFile = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped) takeFile(dropped);
  };
  const chooseList = (next: LetterboxdList) => {
    setList(next);
    setUploaded(0);
    if (file) previewImport.mutate({ source, file, list: next, onUpload: setUploaded });
  };
  const runImport = () => {
    if (!file) return;
    setUploaded(0);
    importBlocks.mutate(
      {
        source,
        file,
        list,
        covers: covers && (preview?.withIsbn ?? 0) > 0,
        onUpload: setUploaded,
      },
      {
        onSuccess: ({ added, updated }) => {
          const brought = `Added ${plural(added, 'block', 'blocks')} to your board`;
          toast({
            title: 'Import complete',
            description:
              updated > 0 ? `${brought}, updated ${updated.toLocaleString('en')}.` : `${brought}.`,
          });
          close();
        },
      },
    );
  };
  const canImport =
    preview !== undefined &&
    preview.newCount + preview.alreadyOnBoard > 0 &&
    preview.doesNotFit === null &&
    !importBlocks.isPending;
  const failure = previewImport.error ?? importBlocks.error;
  // The file's columns and name did not say which list it is: the person does.
  const asksForList =
    list !== undefined ||
    (previewImport.error instanceof ApiRequestError && 'list' in previewImport.error.fields);

  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? props.onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import from Goodreads, Letterboxd and more</DialogTitle>
          <DialogDescription>
            Bring your {sources[source].things} along. You see what will be added before anything
            is.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">Import from</legend>
          <div className="flex flex-wrap gap-2">
            {(Object.keys(sources) as ImportSource[]).map((key) => (
              <label
                key={key}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50"
              >
                <input
                  type="radio"
                  name="import-source"
                  value={key}
                  checked={source === key}
                  onChange={() => chooseSource(key)}
                  className="accent-violet-600"
                />
                {sources[key].label}
              </label>
            ))}
          </div>
          <p className="text-xs text-gray-600">{sources[source].howTo}</p>
        </fieldset>
        <fieldset
          aria-label="The file to import"
          className="space-y-1 rounded-lg border border-dashed border-gray-300 p-3"
          onDragOver={(event) => event.preventDefault()}
          onDrop={dropFile}
        >
          <label htmlFor={fileId} className="text-sm font-medium text-gray-900">
            {sources[source].file}
          </label>
          <input
            key={inputKey}
            id={fileId}
            type="file"
            accept={exportFiles}
            onChange={chooseFile}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-violet-50 file:px-3 file:py-2 file:font-medium file:text-violet-700 hover:file:bg-violet-100"
          />
          <p className="text-xs text-gray-600">Or drop the file here.</p>
          {recognised && (
            <p className="text-xs text-gray-600">
              This is {sources[recognised].label}&apos;s export: it is read as one.
            </p>
          )}
        </fieldset>
        {previewImport.isPending && (
          <ImportProgress label="Reading the file…" uploaded={uploaded} />
        )}
        {importBlocks.isPending && <ImportProgress label="Importing…" uploaded={uploaded} />}
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(failure, 'The file could not be imported. Please try again.')}
          </p>
        )}
        {asksForList && <ListChoice value={list} onChange={chooseList} />}
        {preview && <PreviewSummary preview={preview} />}
        {preview && preview.withIsbn > 0 && preview.newCount > 0 && (
          <CoversChoice withIsbn={preview.withIsbn} checked={covers} onChange={setCovers} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={runImport} disabled={!canImport}>
            {importBlocks.isPending ? 'Importing…' : importAction(preview)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
