import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

/** Every refusal the API gives: a sentence a person can act on, and per-field messages for forms. */
export const errorAnswer = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
