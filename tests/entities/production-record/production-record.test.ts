import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, type Row } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('catalogue', () => {
  it('production records: super only writes', async () => {
    const [p] = (await list(t.app, 'product', {}, su, 'device')).rows;
    expect(
      (await call('productionRecord', 'add', { imei: '861234567890123', productId: p!.id, kind: 'helmet' })).code,
    ).toBe(403);
    const r = await call(
      'productionRecord',
      'add',
      { imei: '861234567890123', productId: p!.id, kind: 'helmet', productionDate: '2026-01-02' },
      su,
    );
    expect(r.data).toMatchObject({ imei: '861234567890123', productionDate: '2026-01-02' });
    // The demo company reads it beside the records its production batches were seeded with.
    expect((await list(t.app, 'productionRecord', { keyword: '861234567890123' }, demo, 'device')).total).toBe(1);
  });
});
