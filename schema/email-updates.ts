import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

export const invalidConfirmationLink =
  'This confirmation link is invalid or has expired. Ask for updates again in your profile settings.';

export const confirmUpdatesInput = z.strictObject({
  token: z.string({ error: invalidConfirmationLink }).min(1, invalidConfirmationLink).max(200),
});
