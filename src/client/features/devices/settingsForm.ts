import { deviceSettingsSchema, type DeviceSettings } from '../../../shared/devices/settings';
import type { FieldErrors } from '../../lib/formErrors';

/** Field errors of the settings form by dotted path ("limits.heartRate.high", "contacts.0.phone", "whiteList"). */
export type SettingsErrors = FieldErrors<string>;

/** Lists whose items are shown as tags: one message under the list, not per tag. */
const LISTS = ['whiteList', 'blackList', 'sosNumbers', 'doNotDisturb'];

/** Validates with the shared schema; an empty number box (NaN) reads as "required". */
export function settingsErrors(values: DeviceSettings): SettingsErrors {
  const result = deviceSettingsSchema.safeParse(values);
  if (result.success) return {};
  const errors: SettingsErrors = {};
  for (const issue of result.error.issues) {
    const path = LISTS.includes(String(issue.path[0])) ? String(issue.path[0]) : issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.code === 'invalid_type' ? 'required' : issue.message;
  }
  return errors;
}

/** NumberInput answers '' for an empty box; the form keeps NaN so the schema refuses it. */
export const toNumber = (value: string | number): number => (value === '' ? Number.NaN : Number(value));
export const fromNumber = (value: number | undefined): number | string =>
  value === undefined || Number.isNaN(value) ? '' : value;
