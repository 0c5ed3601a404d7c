// Password Change (DESIGN §4/§7): the member's current password and the new one twice.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/password';
import { requiredMessage } from './messages';

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: requiredMessage('current password') })
      .min(1, { error: requiredMessage('current password') })
      .max(1024),
    newPassword: z
      .string({ error: requiredMessage('new password') })
      .min(1, { error: requiredMessage('new password') })
      .max(PASSWORD_MAX_LENGTH, { error: `new password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
    confirmPassword: z.string({ error: requiredMessage('confirm password') }).min(1, { error: requiredMessage('confirm password') }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'the passwords do not match' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
