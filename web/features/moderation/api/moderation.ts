import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';

export type QueuedBoard = InferResponseType<typeof api.admin.reports.$get, 200>['boards'][number];
export type ModerationAction = InferRequestType<
  (typeof api.admin.reports)[':id']['actions']['$post']
>['json'];

/** The queue and the audit log: an action changes both. */
const moderationKey = ['moderation'] as const;

/** Only moderators may read the queue: mount this for a signed-in moderator only. */
const reportQueueOptions = queryOptions({
  queryKey: [...moderationKey, 'reports'] as const,
  queryFn: async ({ signal }) => (await api.admin.reports.$get({}, { init: { signal } })).json(),
});

export function useReportQueue() {
  return useQuery(reportQueueOptions);
}

const auditLogOptions = queryOptions({
  queryKey: [...moderationKey, 'audit'] as const,
  queryFn: async ({ signal }) => (await api.admin.audit.$get({}, { init: { signal } })).json(),
});

export function useAuditLog() {
  return useQuery(auditLogOptions);
}

export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportId, action }: { reportId: number; action: ModerationAction }) =>
      (
        await api.admin.reports[':id'].actions.$post({
          param: { id: String(reportId) },
          json: action,
        })
      ).json(),
    onSuccess: () => readAgainAfterChange(queryClient, moderationKey),
  });
}

export type BulkModerationAction = InferRequestType<
  (typeof api.admin.reports)['actions']['$post']
>['json'];

/** One action with one note on the boards of several reports: all of them or none. */
export function useActOnReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: BulkModerationAction) =>
      (await api.admin.reports.actions.$post({ json: action })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, moderationKey),
  });
}

/** Reverses an audit entry's action (the reversal is an entry of its own). */
export function useReverseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, note }: { entryId: number; note: string }) =>
      (
        await api.admin.audit[':id'].reverse.$post({
          param: { id: String(entryId) },
          json: { note },
        })
      ).json(),
    onSuccess: () => readAgainAfterChange(queryClient, moderationKey),
  });
}

export type NewDomainBlock = InferRequestType<typeof api.admin.domains.$post>['json'];

const domainBlocksOptions = queryOptions({
  queryKey: [...moderationKey, 'domains'] as const,
  queryFn: async ({ signal }) => (await api.admin.domains.$get({}, { init: { signal } })).json(),
});

/** The instance's domain blocks: moderators only. */
export function useDomainBlocks() {
  return useQuery(domainBlocksOptions);
}

export function useAddDomainBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (block: NewDomainBlock) =>
      (await api.admin.domains.$post({ json: block })).json(),
    // The audit log records every block added and lifted.
    onSuccess: () => readAgainAfterChange(queryClient, moderationKey),
  });
}

export function useLiftDomainBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.admin.domains[':id'].$delete({ param: { id: String(id) } })).json(),
    // The audit log records every block added and lifted.
    onSuccess: () => readAgainAfterChange(queryClient, moderationKey),
  });
}
