import { z } from 'zod';

/** ?plan=drawing:3 or map:1: the floor a screen shows (a bad value falls back to the first). */
export const planSearchSchema = z.object({
  plan: z
    .string()
    .regex(/^(map|drawing):\d+$/)
    .optional()
    .catch(undefined),
});
