import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { operations } from './openapi';

/**
 * The API's operations (method and path of every route in the OpenAPI document) against the list
 * kept in openapi-operations.txt: moving code between folders must not add, drop or rename one.
 * A deliberate change rewrites the list with UPDATE_OPENAPI=1 and shows in the review.
 */
const FILE = new URL('./openapi-operations.txt', import.meta.url);

describe('OpenAPI operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are the ones listed in openapi-operations.txt', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const listed = operations(doc)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(listed.length).toBeGreaterThan(300);
    const text = `${listed.join('\n')}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(FILE, text);
    const kept = readFileSync(FILE, 'utf8').trim().split('\n');
    expect(listed.filter((op) => !kept.includes(op))).toEqual([]);
    expect(kept.filter((op) => !listed.includes(op))).toEqual([]);
  });
});
