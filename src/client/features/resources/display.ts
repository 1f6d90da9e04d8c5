import { useQueries } from '@tanstack/react-query';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import type { CodeEntry } from '../../../shared/codes';
import { useLang } from '../../i18n/useLang';
import { codeText } from '../../i18n/codeLabels';
import { refOptionsQuery, type Row } from './resources.queries';
import { formatDateCell } from '../../lib/dates';

/** Labels of referenced rows: resource name -> id -> label. */
export type RefLabels = Map<string, Map<number, string>>;

export interface RefOption {
  value: string;
  label: string;
}

/** Loads every resource the fields reference (once each) and indexes their labels. */
export function useRefData(fields: readonly FieldDef[]): {
  labels: RefLabels;
  options: (field: FieldDef) => RefOption[];
} {
  const refs = [...new Map(fields.filter((f) => f.ref).map((f) => [f.ref!.resource, f.ref!])).values()];
  const results = useQueries({
    queries: refs.map((ref) => refOptionsQuery(ref)),
  });
  const labels: RefLabels = new Map();
  refs.forEach((ref, i) => {
    const rows: Row[] = results[i]?.data ?? [];
    labels.set(ref.resource, new Map(rows.map((row) => [row.id, String(row[ref.labelField] ?? row.id)])));
  });
  const options = (field: FieldDef): RefOption[] =>
    [...(labels.get(field.ref?.resource ?? '') ?? new Map<number, string>()).entries()].map(([id, label]) => ({
      value: String(id),
      label,
    }));
  return { labels, options };
}

/** A code's translated label; `useLang` makes callers re-render when the language changes. */
export function useCodeLabel(): (codes: readonly CodeEntry<number | string>[] | undefined, value: unknown) => string {
  useLang();
  return (codes, value) => {
    const entry = codes?.find((c) => String(c.value) === String(value));
    if (!entry) return value === null || value === undefined ? '' : String(value);
    return codeText(entry);
  };
}

/** Text of a field value in tables and the detail drawer. */
export function fieldText(
  field: FieldDef,
  value: unknown,
  codeLabel: ReturnType<typeof useCodeLabel>,
  labels: RefLabels,
  yesNo: [string, string],
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'code':
      if (Array.isArray(value)) return value.map((v: unknown) => codeLabel(field.codes, v)).join(', ');
      return codeLabel(field.codes, value);
    case 'ref':
      return labels.get(field.ref?.resource ?? '')?.get(Number(value)) ?? String(value);
    case 'refs': {
      const map = labels.get(field.ref?.resource ?? '');
      return (Array.isArray(value) ? value : []).map((id: unknown) => map?.get(Number(id)) ?? String(id)).join(', ');
    }
    case 'boolean':
      return value ? yesNo[0] : yesNo[1];
    case 'date':
      return formatDateCell(value).slice(0, 10);
    case 'datetime':
      return formatDateCell(value);
    default:
      return String(value);
  }
}

export const listedFields = (def: ResourceDef) => def.fields.filter((f) => f.list !== false && !f.writeOnly);
