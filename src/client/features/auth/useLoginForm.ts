import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../lib/formErrors';
import type { LoginResult } from './auth.api';

/**
 * State and submit of a login form: fields are checked with the shared schema before anything
 * is sent, a field's error clears as it is edited, and a refused login leaves the form as it was
 * (the request helper has already shown why).
 */
export function useLoginForm<F extends string>(
  initial: Record<F, string>,
  schema: z.ZodType,
  login: (values: Record<F, string>) => Promise<LoginResult>,
  onLoggedIn: (result: LoginResult) => Promise<void>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: F, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<F>(schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onLoggedIn(await login(values));
    } catch {
      // The request helper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, setErrors, busy, change, submit };
}
