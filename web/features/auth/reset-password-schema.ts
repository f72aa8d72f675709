import { z } from 'zod';
import { resetPasswordInput } from '../../../schema/users';

const passwordRule = resetPasswordInput.shape.newPassword;

/** The reset form: the API's new-password rule on both fields, and the two must match. */
export const resetPasswordForm = z
  .object({ newPassword: passwordRule, confirmPassword: passwordRule })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
