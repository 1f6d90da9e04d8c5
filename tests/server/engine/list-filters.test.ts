import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/entities/registry';
import { ENTITY_SERVERS } from '../../../src/entities/server.gen';
import type { FieldDef, ResourceDef } from '../../../src/shared/resources';
import { buildTestApp, login, post, type TestApp } from '../helper';

/**
 * Every filter of every list checks its value against the field's type before it reaches the
 * database: a value of the wrong type (a string for a boolean, text for a number or a date, an
 * object, an array where one value belongs, a number past its column) answers a 4xx in the
 * envelope, never a 500; a value of the right type still filters.
 */

let t: TestApp;
let su: string;
beforeAll(async () => {
  t = await buildTestApp();
  su = (await login(t.app, 'admin', 'admin123')).token;
});
afterAll(() => t?.close());

const numericCodes = (f: FieldDef) => f.type === 'code' && typeof f.codes?.[0]?.value === 'number';
const numeric = (f: FieldDef) =>
  f.type === 'integer' || f.type === 'ref' || f.type === 'refs' || f.type === 'decimal' || numericCodes(f);

/** One value of the field's type. */
function goodScalar(f: FieldDef): unknown {
  if (f.type === 'boolean') return true;
  if (f.type === 'date' || f.type === 'datetime') return '2026-01-01';
  if (f.type === 'code') return f.codes?.[0]?.value;
  if (numeric(f)) return 1;
  return 'a';
}

/** Single values a field of this type must refuse. */
function badScalars(f: FieldDef): unknown[] {
  const always = [{ x: 1 }];
  if (f.type === 'boolean') return [...always, 'true', 'yes', 1, 0];
  if (f.type === 'date' || f.type === 'datetime') return [...always, 'not a date', 20260101, true];
  // 1e20 is past every integer column (bigint too); 1.5 is no whole number.
  if (numeric(f)) return [...always, 'abc', '1', true, ...(f.type === 'decimal' ? [] : [1.5, 1e20])];
  return [...always, 5, true, 'nul\u0000byte'];
}

/** Values the field's filter must refuse; `many`: an eq filter that also takes a list (Binding.eqMany). */
function badValues(f: FieldDef, many: boolean): unknown[] {
  switch (f.filter) {
    case 'eq':
      return [...badScalars(f), ...(many ? badScalars(f).map((v) => [v]) : [[goodScalar(f)], [1], ['a']])];
    case 'like':
      return [{ x: 1 }, ['a'], 5, true, 'nul\u0000byte'];
    case 'range':
      return [
        'a',
        5,
        { from: 1 },
        [goodScalar(f)],
        [1, 2, 3],
        [[goodScalar(f)], null],
        ...badScalars(f).map((v) => [v, null]),
      ];
    case 'in':
      return ['a', 5, { x: 1 }, [[goodScalar(f)]], ...badScalars(f).map((v) => [v])];
    default:
      return [];
  }
}

function goodValue(f: FieldDef): unknown {
  switch (f.filter) {
    case 'range':
      return f.type === 'date' || f.type === 'datetime'
        ? ['2026-01-01', '2026-12-31']
        : numeric(f)
          ? [0, 100]
          : ['a', 'z'];
    case 'in':
      return [goodScalar(f)];
    default:
      return goodScalar(f);
  }
}

const filtered = (def: ResourceDef) => def.fields.filter((f) => f.filter);
const withFilters = RESOURCES.filter((d) => filtered(d).length);

const eqMany = (def: ResourceDef) => new Set(ENTITY_SERVERS.find((s) => s.binding.def === def)?.binding.eqMany ?? []);

describe.each(withFilters.map((d) => [`${d.kind}/${d.name}`, d] as const))('%s list filters', (_key, def) => {
  it('a value of the wrong type is a 4xx in the envelope, a value of the right type filters', async () => {
    const url = `/api/${def.kind}/${def.name}/list`;
    const wrong: string[] = [];
    for (const f of filtered(def)) {
      const many = eqMany(def).has(f.name);
      const good = many ? [goodValue(f), [goodValue(f)]] : [goodValue(f)];
      for (const value of badValues(f, many)) {
        const res = await post(t.app, url, { filters: { [f.name]: value } }, { token: su });
        // A handled refusal: HTTP 200 (or 4xx) with a 4xx code and its message key.
        if (!(res.status < 500 && res.code >= 400 && res.code < 500 && res.key))
          wrong.push(`${f.name}=${JSON.stringify(value)}: HTTP ${res.status} code ${res.code} ${res.key} ${res.msg}`);
      }
      for (const value of good) {
        const ok = await post(t.app, url, { filters: { [f.name]: value } }, { token: su });
        if (ok.code !== 0) wrong.push(`${f.name}=${JSON.stringify(value)} (valid): code ${ok.code} ${ok.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('list filters', () => {
  it('a string for a boolean answers filterInvalid naming the field', async () => {
    const res = await post(t.app, '/api/user/accessCard/list', { filters: { revoked: 'false' } }, { token: su });
    expect(res).toMatchObject({ status: 200, code: 400, key: 'filterInvalid' });
    expect(res.msg).toContain('revoked');
    const ok = await post<{ rows: unknown[] }>(
      t.app,
      '/api/user/accessCard/list',
      { filters: { revoked: false } },
      { token: su },
    );
    expect(ok.code).toBe(0);
  });
});
