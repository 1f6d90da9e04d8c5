import { describe, expect, it } from 'vitest';
import {
  integer,
  object,
  oneOf,
  parseSearch,
  searchRules,
  stringifySearch,
  text,
} from '../../../src/client/lib/searchParams';
import { resourceSearchSchema } from '../../../src/client/features/resources/search';

describe('search params', () => {
  it('keeps digit strings as text (IMEI, phone, 20-digit ICCID)', () => {
    expect(parseSearch('?imei=860000000000001&iccid=89860012345678901234&caller=13800000000')).toEqual({
      imei: '860000000000001',
      iccid: '89860012345678901234',
      caller: '13800000000',
    });
  });

  it('writes plain values unquoted and skips empty ones', () => {
    expect(stringifySearch({ imei: '860000000000001', page: 2, key: undefined, x: null })).toBe(
      '?imei=860000000000001&page=2',
    );
    expect(stringifySearch({})).toBe('');
  });

  it('round-trips objects and arrays as JSON', () => {
    const search = { filters: { state: '1' }, ids: [1, 2] };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });

  it('reads a screen search by its rules: good values kept, wrong ones and unknown names dropped', () => {
    const read = searchRules({
      id: integer(1),
      imei: text({ trim: true, max: 20 }),
      bucket: oneOf(['day', 'hour'] as const),
      filters: object,
    });
    expect(read(parseSearch('?id=12&imei=%20860000000000001%20&bucket=hour&filters={"state":"1"}&other=x'))).toEqual({
      id: 12,
      imei: '860000000000001',
      bucket: 'hour',
      filters: { state: '1' },
    });
    expect(read(parseSearch('?id=0&imei=123456789012345678901&bucket=week&filters=[1]'))).toEqual({});
    expect(read(parseSearch('?id=1.5'))).toEqual({});
    expect(read(parseSearch('?id='))).toEqual({});
    expect(read({})).toEqual({});
  });

  it('pages a list within the service cap and takes only field:order sorts', () => {
    expect(resourceSearchSchema(parseSearch('?page=3&size=50&sort=name:desc&keyword=abc'))).toEqual({
      page: 3,
      size: 50,
      sort: 'name:desc',
      keyword: 'abc',
    });
    expect(resourceSearchSchema(parseSearch('?page=-1&size=501&sort=name;drop'))).toEqual({});
    expect(text({ pattern: /^\d{1,8}$/ })('123456789')).toBeUndefined();
  });
});
