import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SourceOptions } from '../../../../schema/sources';
import { api, createOnce } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { readAgainAfterChange } from '../../../lib/query-client';

export type SourcePreview = InferResponseType<typeof api.sources.preview.$post, 200>;
export type Source = InferResponseType<typeof api.sources.$get, 200>['sources'][number];

const sourcesQueryOptions = queryOptions({
  queryKey: ['sources'] as const,
  queryFn: async ({ signal }) => (await api.sources.$get(undefined, { init: { signal } })).json(),
});

export function useSources() {
  return useQuery(sourcesQueryOptions);
}

/** What the feed would make; it writes nothing, so it refreshes nothing. */
export function usePreviewSource() {
  return useMutation({
    mutationFn: async (url: string) => (await api.sources.preview.$post({ json: { url } })).json(),
  });
}

/** After a source changed: its list, and the board when blocks may have been made or moved. */
function useSourcesChanged() {
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  return ({ blocks }: { blocks: boolean }) => {
    if (blocks) blocksChanged();
    return readAgainAfterChange(queryClient, sourcesQueryOptions.queryKey);
  };
}

/** Connects the feed: its blocks are made at once. */
export function useConnectSource() {
  const changed = useSourcesChanged();
  return useMutation({
    mutationFn: (input: { url: string; options: SourceOptions }) =>
      createOnce(async (options) => (await api.sources.$post({ json: input }, options)).json()),
    onSuccess: () => changed({ blocks: true }),
  });
}

export function useCheckSource() {
  const changed = useSourcesChanged();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.sources[':id'].check.$post({ param: { id: String(id) } })).json(),
    onSuccess: ({ made, moved }) => changed({ blocks: made + moved > 0 }),
  });
}

/** Pauses (true) or resumes (false) a source's checks. */
export function usePauseSource() {
  const changed = useSourcesChanged();
  return useMutation({
    mutationFn: async ({ id, paused }: { id: number; paused: boolean }) =>
      (await api.sources[':id'].$patch({ param: { id: String(id) }, json: { paused } })).json(),
    onSuccess: () => changed({ blocks: false }),
  });
}

/** Disconnects a source; the blocks it made stay on the board. */
export function useRemoveSource() {
  const changed = useSourcesChanged();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.sources[':id'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => changed({ blocks: false }),
  });
}
