import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { generateImageInput } from '../../../../schema/images';
import { api } from '../../../lib/api-client';

type GenerateImageInput = z.input<typeof generateImageInput>;

/** An AI image for a block; answers the URL it is stored under. */
export function useGenerateImage() {
  return useMutation({
    mutationFn: async (input: GenerateImageInput) =>
      (await api['generate-image'].$post({ json: input })).json(),
  });
}
