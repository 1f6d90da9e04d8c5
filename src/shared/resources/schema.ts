import { z } from 'zod';
import { isoDate } from '../dates';
import { PHONE_RE } from '../validation';
import type { FieldDef, ResourceDef } from './types';

export type FormMode = 'add' | 'update';

/** Whether a field is edited in this form mode. */
export function isEditable(field: FieldDef, mode: FormMode): boolean {
  const form = field.form ?? true;
  return form === true || (form === 'add' && mode === 'add');
}

// Messages are MsgKeys (src/shared/messages.ts) so service answers and form errors translate alike.
function fieldSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'image': {
      let s = z.string().trim();
      if (field.min !== undefined) s = s.min(field.min, 'tooShort');
      if (field.pattern) s = s.regex(field.pattern.re, field.pattern.message);
      return s.max(field.max ?? (field.type === 'textarea' ? 2000 : 255), 'tooLong');
    }
    case 'phone':
      return z.string().trim().regex(PHONE_RE, 'phoneInvalid');
    case 'email':
      return z
        .string()
        .trim()
        .max(field.max ?? 128, 'tooLong')
        .email('emailInvalid');
    case 'integer':
    case 'ref': {
      let s = z.number().int('integerInvalid');
      if (field.min !== undefined) s = s.min(field.min, 'tooSmall');
      if (field.max !== undefined) s = s.max(field.max, 'tooLarge');
      return s;
    }
    case 'decimal': {
      // docs/requirements/validation.md#form-helpers: at most two decimals.
      let s = z.number().refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'decimalInvalid');
      if (field.min !== undefined) s = s.refine((v) => v >= field.min!, 'tooSmall');
      if (field.max !== undefined) s = s.refine((v) => v <= field.max!, 'tooLarge');
      return s;
    }
    case 'code': {
      const values = (field.codes ?? []).map((c) => c.value);
      if (field.multiple)
        return z
          .array(z.union([z.number(), z.string()]).refine((v) => values.includes(v), 'mustChooseOne'))
          .max(values.length)
          .refine((vs) => new Set(vs).size === vs.length, 'duplicateValues');
      return z.union([z.number(), z.string()]).refine((v) => values.includes(v), 'mustChooseOne');
    }
    case 'refs':
      return z
        .array(z.number().int().positive())
        .max(500)
        .refine((ids) => new Set(ids).size === ids.length, 'duplicateValues');
    case 'boolean':
      return z.boolean();
    case 'date':
    case 'datetime':
      return isoDate;
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
/** Empty, or only white space (a required text of spaces is as missing as an empty one). */
const isBlank = (v: unknown) => isEmpty(v) || (typeof v === 'string' && v.trim() === '');

/**
 * A required field: missing, null or blank answers 'required'. Not built from `.optional()`:
 * zod 4 skips an absent key whose schema accepts undefined, so a body without the key at all
 * would pass and reach the database's NOT NULL constraint.
 */
function requiredField(base: z.ZodType): z.ZodType {
  return z
    .preprocess((v) => (isBlank(v) ? undefined : v), z.unknown())
    .superRefine((v, ctx) => {
      if (v === undefined) ctx.addIssue({ code: 'custom', message: 'required' });
    })
    .pipe(base);
}

/**
 * The add/update body of a resource, derived from its registry entry: the one schema the
 * service validates with and the console's form checks before sending. Empty optional
 * values become null; update additionally needs the id and accepts partial bodies.
 */
export function formSchema(def: ResourceDef, mode: FormMode): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    if (!isEditable(field, mode)) continue;
    const base = fieldSchema(field);
    const required = field.required && mode === 'add';
    shape[field.name] = required
      ? requiredField(base)
      : z.preprocess((v) => (isEmpty(v) ? null : v), base.nullable()).optional();
  }
  if (mode === 'update') shape.id = z.number().int().positive();
  return z.object(shape);
}
