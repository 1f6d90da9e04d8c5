import { z } from 'zod';
import { PHONE_RE } from '../../../shared/validation';

/** Reset-password form: the shared password length rule, and the confirmation must match. */
export const resetPasswordSchema = z
  .object({
    password: z.string().min(1, 'required').min(6, 'passwordLength').max(64, 'passwordLength'),
    confirm: z.string().min(1, 'required'),
  })
  .refine((v) => v.password === v.confirm, {
    message: 'mismatch',
    path: ['confirm'],
  });

/** Upgrade-to-enterprise application (`tenant/applyEnterprise`). */
export const applyEnterpriseSchema = z.object({
  contact: z.string().trim().min(1, 'required').max(64, 'tooLong'),
  phone: z.string().trim().min(1, 'required').regex(PHONE_RE, 'phoneInvalid'),
  note: z.string().trim().max(500, 'tooLong'),
});
