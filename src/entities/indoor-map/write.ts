import { Code } from '../../shared/api';
import type { ResourceDef } from '../../shared/resources/types';
import type { Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';

/** What the write hooks of the indoor folders (this one, ../drawing, ../uwb-base-station) share. */

export const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * A required field left out of an add body slips past formSchema (zod 4 skips absent optional-typed
 * keys) and would reach the NOT NULL column as a 500; name it instead.
 */
export function requireOnAdd(def: ResourceDef, values: Row, existing: unknown): void {
  if (existing) return;
  const missing = def.fields.find(
    (f) => f.required && f.form !== false && (values[f.name] === undefined || values[f.name] === null),
  );
  if (missing) fail(Code.BAD_REQUEST, 'required', `${missing.name}: required`);
}
