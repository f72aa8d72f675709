import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

export const invalidVerificationLink =
  'This confirmation link is invalid, used or expired. Send yourself a new one from your dashboard.';

export const verifyEmailInput = z.strictObject({
  token: z.string({ error: invalidVerificationLink }).min(1, invalidVerificationLink).max(200),
});
