import type { z } from 'zod';
import { MESSAGES, isMsgKey } from '../../shared/messages';
import { serverMessage } from '../i18n/serverMessages';

/** First failing rule per field of a shared schema, as message keys or raw zod messages. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(schema: z.ZodType, values: Record<K, unknown>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/** Text of a field error in the active language (rendered at render time so it follows `lang`). */
export function errorText(error: string | undefined): string | undefined {
  if (!error) return undefined;
  return isMsgKey(error) ? serverMessage(error, MESSAGES[error]) : error;
}
