import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../../src/client/lib/searchParams';

describe('search params', () => {
  it('keeps digit strings as text (IMEI, phone, 20-digit ICCID)', () => {
    expect(parseSearch('?imei=860000000000001&iccid=89860012345678901234&caller=13800000000')).toEqual({
      imei: '860000000000001',
      iccid: '89860012345678901234',
      caller: '13800000000',
    });
  });

  it('writes plain values unquoted and skips empty ones', () => {
    expect(stringifySearch({ imei: '860000000000001', page: 2, key: undefined, x: null })).toBe('?imei=860000000000001&page=2');
    expect(stringifySearch({})).toBe('');
  });

  it('round-trips objects and arrays as JSON', () => {
    const search = { filters: { state: '1' }, ids: [1, 2] };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
