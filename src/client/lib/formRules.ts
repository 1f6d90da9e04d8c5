import type { MsgKey } from '../../shared/messages';
import { isPhone as isPhoneNumber } from '../../shared/validation';

/**
 * Form helpers of docs/requirements/validation.md#form-helpers. Checks return a MsgKey (translate with
 * `serverMessage`) or null when the value passes; input filters return the sanitised value to put back in the field.
 */

/** docs/requirements/constants.md#limits: default max input length. */
const DEFAULT_MAX_LENGTH = 10;
const MAX_DECIMALS = 2;

export function required(value: unknown): MsgKey | null {
  if (value === null || value === undefined) return 'required';
  if (typeof value === 'string' && value.trim() === '') return 'required';
  if (Array.isArray(value) && value.length === 0) return 'required';
  return null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Keeps only letters and digits (any script, so Chinese names survive), cut to `max`. */
export function lettersDigits(value: string, max = DEFAULT_MAX_LENGTH): string {
  return Array.from(value.replace(/[^\p{L}\p{N}]/gu, ''))
    .slice(0, max)
    .join('');
}

/** Keeps only digits, cut to `max` characters. */
export function cutNumber(value: string, max = DEFAULT_MAX_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Digits and one point with at most two decimals; a leading point becomes '0.'. */
export function decimal(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point < 0) return cleaned;
  const whole = cleaned.slice(0, point) || '0';
  const fraction = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, MAX_DECIMALS);
  return `${whole}.${fraction}`;
}

/** Check form of `decimal` for values that did not come through the filter. */
export function decimalRule(value: string): MsgKey | null {
  return /^\d+(\.\d{1,2})?$/.test(value) ? null : 'decimalInvalid';
}

export function isPhone(value: string): boolean {
  return isPhoneNumber(value);
}

export function phoneRule(value: string): MsgKey | null {
  return isPhone(value) ? null : 'phoneInvalid';
}

type IntegerMode = 'any' | 'nonNegative' | 'negative';

/** Whole-number check: 'any' sign, 'nonNegative' (0 and up) or strictly 'negative'. */
export function integer(value: string | number, mode: IntegerMode = 'any'): MsgKey | null {
  const text = String(value).trim();
  if (!/^[-+]?\d+$/.test(text)) return 'integerInvalid';
  const n = Number(text);
  if (mode === 'nonNegative' && n < 0) return 'tooSmall';
  if (mode === 'negative' && n >= 0) return 'tooLarge';
  return null;
}

export function mustChooseOne(list: readonly unknown[] | null | undefined): MsgKey | null {
  return list && list.length > 0 ? null : 'mustChooseOne';
}

/** Rejects repeated values; strings compare trimmed, so ' a' and 'a' count as the same. */
export function noDuplicates(list: readonly unknown[]): MsgKey | null {
  const seen = new Set(list.map((item) => (typeof item === 'string' ? item.trim() : item)));
  return seen.size === list.length ? null : 'duplicateValues';
}

export function maxLength(value: string, max = DEFAULT_MAX_LENGTH): MsgKey | null {
  return Array.from(value).length > max ? 'tooLong' : null;
}
