import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { alarmTypeInfo } from '../../../shared/alarms/types';
import { ALARM_TYPE_LABELS } from '../realtime/alarmLabels';

/** Type names come from the live shell's table; level, handling and read labels of the screens are here. */
export { ALARM_TYPE_LABELS };

export const ALARM_LEVEL_LABELS: Record<number, MessageDescriptor> = {
  1: msg({ id: 'alarm.level.notice', message: '提示' }),
  2: msg({ id: 'alarm.level.warning', message: '警告' }),
  3: msg({ id: 'alarm.level.critical', message: '紧急' }),
};

export const ALARM_HANDLE_LABELS: Record<number, MessageDescriptor> = {
  0: msg({ id: 'alarm.handle.pending', message: '未处理' }),
  1: msg({ id: 'alarm.handle.handled', message: '已处理' }),
  2: msg({ id: 'alarm.handle.falseAlarm', message: '误报' }),
};

export const ALARM_READ_LABELS: Record<number, MessageDescriptor> = {
  0: msg({ id: 'alarm.read.unread', message: '未读' }),
  1: msg({ id: 'alarm.read.read', message: '已读' }),
};

/** A type's label in the active language; an unknown number (a newer service) shows as "#n". */
export function alarmTypeText(i18n: I18n, type: number): string {
  const descriptor = (ALARM_TYPE_LABELS as Record<number, MessageDescriptor | undefined>)[type];
  return descriptor ? i18n._(descriptor) : (alarmTypeInfo(type)?.cn ?? `#${type}`);
}

/**
 * A record's title in the reader's language. The service stores it in Chinese, the source
 * language: the type's label (`SOS求救`), for a fence with its name after " · " (`出围栏告警 ·
 * Depot`). Such a title is rendered from the type code, the name kept as written; a title of
 * another form (a utility's `电费余额不足`, stored under the low-battery type) stays as stored.
 */
export function alarmTitleText(i18n: I18n, row: Record<string, unknown>): string {
  const stored = typeof row.title === 'string' ? row.title : '';
  const type = Number(row.type);
  const at = stored.indexOf(' · ');
  const head = at < 0 ? stored : stored.slice(0, at);
  if (stored && head !== alarmTypeInfo(type)?.cn) return stored;
  return `${alarmTypeText(i18n, type)}${at < 0 ? '' : stored.slice(at)}`;
}

export function labelText(i18n: I18n, table: Record<number, MessageDescriptor>, value: unknown): string {
  const descriptor = table[Number(value)] as MessageDescriptor | undefined;
  return descriptor ? i18n._(descriptor) : value === null || value === undefined ? '' : String(value);
}
