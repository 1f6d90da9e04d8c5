import { describe, expect, it } from 'vitest';
import {
  cutNumber,
  decimal,
  decimalRule,
  escapeHtml,
  integer,
  isPhone,
  lettersDigits,
  maxLength,
  mustChooseOne,
  noDuplicates,
  phoneRule,
  required,
} from '../../../src/client/lib/formRules';

describe('formRules', () => {
  it('required flags empty values', () => {
    expect(required('')).toBe('required');
    expect(required('   ')).toBe('required');
    expect(required(undefined)).toBe('required');
    expect(required(null)).toBe('required');
    expect(required([])).toBe('required');
    expect(required('a')).toBeNull();
    expect(required(0)).toBeNull();
  });

  it('escapeHtml escapes markup', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it('lettersDigits strips other characters and cuts to 10 by default', () => {
    expect(lettersDigits('ab-c 1_2!3')).toBe('abc123');
    expect(lettersDigits('abcdefghijkl')).toBe('abcdefghij');
    expect(lettersDigits('abcdef', 3)).toBe('abc');
    expect(lettersDigits('设备 01')).toBe('设备01');
  });

  it('cutNumber keeps digits only and cuts to the max', () => {
    expect(cutNumber('12a3')).toBe('123');
    expect(cutNumber('123456789012345')).toBe('1234567890');
    expect(cutNumber('12345', 4)).toBe('1234');
  });

  it('decimal allows one point and two decimals, prefixing a leading point with 0', () => {
    expect(decimal('12.345')).toBe('12.34');
    expect(decimal('.5')).toBe('0.5');
    expect(decimal('1.2.3')).toBe('1.23');
    expect(decimal('a1b')).toBe('1');
    expect(decimal('3.')).toBe('3.');
    expect(decimalRule('3.14')).toBeNull();
    expect(decimalRule('3.141')).toBe('decimalInvalid');
    expect(decimalRule('3.')).toBe('decimalInvalid');
  });

  it('isPhone follows PHONE_RE', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('12800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    expect(phoneRule('23800138000')).toBe('phoneInvalid');
    expect(phoneRule('19912345678')).toBeNull();
  });

  it('integer has any, nonNegative and negative modes', () => {
    expect(integer('-3')).toBeNull();
    expect(integer('1.5')).toBe('integerInvalid');
    expect(integer('')).toBe('integerInvalid');
    expect(integer(0, 'nonNegative')).toBeNull();
    expect(integer('-1', 'nonNegative')).toBe('tooSmall');
    expect(integer('-1', 'negative')).toBeNull();
    expect(integer('0', 'negative')).toBe('tooLarge');
  });

  it('mustChooseOne and noDuplicates', () => {
    expect(mustChooseOne([])).toBe('mustChooseOne');
    expect(mustChooseOne(undefined)).toBe('mustChooseOne');
    expect(mustChooseOne([1])).toBeNull();
    expect(noDuplicates(['a', 'b', ' a'])).toBe('duplicateValues');
    expect(noDuplicates([1, 2, 3])).toBeNull();
  });

  it('maxLength reports tooLong past 10 characters', () => {
    expect(maxLength('12345678901')).toBe('tooLong');
    expect(maxLength('一二三四五六七八九十')).toBeNull();
  });
});
