import { useCallback, useMemo, useState } from 'react';
import { errorText, type FieldErrors } from './formErrors';
import { RequestError } from './request';

/** True when some field has an error (an empty text or undefined is none). */
const anySet = (errors: Partial<Record<string, string | undefined>>): boolean => Object.values(errors).some(Boolean);

/** The field a service refusal belongs to, from the envelope's key and the error's text; none: the form's. */
type FieldOf<K extends string> = (key: string | undefined, message: string) => K | null | undefined;

/**
 * The field errors of a hand-written form: message keys of the shared rules (`fieldErrors`) or texts
 * already in the user's language, shown through `text` (a key is translated at render time).
 */
interface FormErrors<K extends string> {
  errors: FieldErrors<K>;
  /** Whether any field has an error now. */
  hasErrors: boolean;
  /** The error of a field in the active language, for a Mantine `error` prop. */
  text: (field: K) => string | undefined;
  /** Replaces every error with `next`; answers whether any is set (the form must not be sent). */
  show: (next: FieldErrors<K>) => boolean;
  /** Sets (or, with undefined, clears) the error of one field, leaving the others. */
  setField: (field: K, error: string | undefined) => void;
  /** Clears the errors of these fields (on change). */
  clear: (...fields: K[]) => void;
  /** Clears every error (the form closed or started over). */
  reset: () => void;
  /**
   * A failed call: a RequestError that `fieldOf` maps onto a field (by its envelope key, or its
   * text) shows its message under that field and answers null; any other error answers its text,
   * for the form's own alert.
   */
  fromError: (error: unknown, fieldOf?: FieldOf<K>) => string | null;
}

export function useFormErrors<K extends string>(): FormErrors<K> {
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const show = useCallback((next: FieldErrors<K>) => {
    setErrors(next);
    return anySet(next);
  }, []);
  const setField = useCallback(
    (field: K, error: string | undefined) => setErrors((prev) => ({ ...prev, [field]: error })),
    [],
  );
  const clear = useCallback((...fields: K[]) => {
    setErrors((prev) => {
      if (!fields.some((f) => prev[f] !== undefined)) return prev;
      const next = { ...prev };
      for (const f of fields) next[f] = undefined;
      return next;
    });
  }, []);
  const reset = useCallback(() => setErrors((prev) => (Object.keys(prev).length === 0 ? prev : {})), []);
  const fromError = useCallback(
    (error: unknown, fieldOf?: FieldOf<K>) => {
      const message = error instanceof Error ? error.message : String(error);
      const field = error instanceof RequestError && fieldOf ? fieldOf(error.key, message) : null;
      if (!field) return message;
      setField(field, message);
      return null;
    },
    [setField],
  );

  return useMemo(
    () => ({
      errors,
      hasErrors: anySet(errors),
      text: (field: K) => errorText(errors[field]),
      show,
      setField,
      clear,
      reset,
      fromError,
    }),
    [errors, show, setField, clear, reset, fromError],
  );
}
