import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type ReportSubmission = InferRequestType<typeof api.reports.$post>['json'];

export function useSubmitReport() {
  return useMutation({
    mutationFn: async (json: ReportSubmission) => (await api.reports.$post({ json })).json(),
  });
}
