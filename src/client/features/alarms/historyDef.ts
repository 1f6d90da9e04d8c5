import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import { ALARM_HANDLE_LABELS, ALARM_LEVEL_LABELS, ALARM_READ_LABELS, ALARM_TYPE_LABELS } from './alarmLabels';

/** Column order of /AlarmHistory; the device column shows name and IMEI together. */
const HISTORY_COLUMNS = [
  'level',
  'type',
  'title',
  'imei',
  'personName',
  'value',
  'ts',
  'read',
  'handleState',
  'ackedByName',
  'handlerName',
] as const;

const LABELS: Record<string, Record<number, MessageDescriptor>> = {
  type: ALARM_TYPE_LABELS,
  level: ALARM_LEVEL_LABELS,
  read: ALARM_READ_LABELS,
  handleState: ALARM_HANDLE_LABELS,
};

/** The value cell shows the threshold too; the IMEI cell adds the device name but keeps its header for its filter. */
const VALUE_HEADER = msg({ id: 'alarm.column.value', message: '数值/阈值' });

/**
 * The generic filters label a code by the shared code-label table and fall back to the entry's
 * `en`; the alarm tables are not in that table, so their entries get the active language's text
 * as that fallback here.
 */
function localiseCodes(field: FieldDef, i18n: I18n): FieldDef {
  const labels = LABELS[field.name];
  if (!labels || !field.codes) return field;
  return {
    ...field,
    codes: field.codes.map((c) => {
      const descriptor = labels[Number(c.value)];
      return descriptor ? { ...c, en: i18n._(descriptor) } : c;
    }),
  };
}

/**
 * The registry entry with the history's columns first and in order (those the registry hides by
 * default still hidden), then its other listed fields as columns hidden by default, and translated
 * code labels.
 */
export function historyDef(def: ResourceDef, i18n: I18n): ResourceDef {
  const order: readonly string[] = HISTORY_COLUMNS;
  const fields = def.fields.map((f) =>
    localiseCodes(
      order.includes(f.name) || f.list === false ? f : { ...f, list: { ...f.list, hidden: true as const } },
      i18n,
    ),
  );
  const header = (f: FieldDef): FieldDef =>
    f.name === 'value' ? { ...f, label: { id: VALUE_HEADER.id, message: i18n._(VALUE_HEADER) } } : f;
  const rank = (f: FieldDef) => (order.includes(f.name) ? order.indexOf(f.name) : order.length);
  const listed = fields
    .filter((f) => f.list !== false)
    .sort((a, b) => rank(a) - rank(b))
    .map(header);
  return { ...def, fields: [...listed, ...fields.filter((f) => f.list === false)] };
}
