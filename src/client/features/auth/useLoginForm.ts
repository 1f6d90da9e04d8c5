import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
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
  const errors = useFormErrors<F>();
  const [busy, setBusy] = useState(false);

  const change = (field: F, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    errors.clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (errors.show(fieldErrors<F>(schema, values))) return;
    setBusy(true);
    try {
      await onLoggedIn(await login(values));
    } catch {
      // The request helper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, change, submit };
}
