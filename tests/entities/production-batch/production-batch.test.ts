import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionRecords } from '../../../src/entities/production-record';
import { products } from '../../../src/entities/device-product';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addRole, addUser, tenantId } from '../../server/fixtures';
import { list, type Row } from '../../server/org-helper';
import { BATCH_STATE, QA_RESULT } from '../../../src/entities/production-batch/resource';

let t: TestApp;
let su: string;
let viewer: string;
let productId: number;
let serial = 0;

const api = <T = Row>(path: string, body: unknown, token = su) =>
  post<T>(t.app, `/api/device/productionBatch/${path}`, body, { token });
const records = async (n: number) => {
  const rows = await t.app.db
    .insert(productionRecords)
    .values(
      Array.from({ length: n }, () => ({
        imei: `8699019${String(++serial).padStart(8, '0')}`,
        productId,
        kind: 'helmet',
        serial: `T${serial}`,
      })),
    )
    .returning({ id: productionRecords.id });
  return rows.map((r) => r.id);
};
const batch = async (batchNo: string, quantityPlanned = 10) => {
  const res = await api('add', { batchNo, productId, quantityPlanned });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
};
const get = async (id: number) => (await api('get', { id })).data;

beforeAll(async () => {
  t = await buildTestApp();
  su = (await login(t.app, 'admin', 'admin123')).token;
  const demoTenant = await tenantId(t.app, 'Demo Site');
  const role = await addRole(t.app, demoTenant, 'production viewer', ['productionSystem']);
  await addUser(t.app, { tenant: demoTenant, username: 'prodviewer', roleIds: [role] });
  viewer = (await login(t.app, 'prodviewer', 'secret1')).token;
  [{ id: productId }] = (await t.app.db.select({ id: products.id }).from(products).limit(1)) as [{ id: number }];
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('production batches', () => {
  it('the demo has batches in every state with their counts, and a summary', async () => {
    const all = await list(t.app, 'productionBatch', { size: 50 }, su, 'device');
    expect(new Set(all.rows.map((r) => r.state))).toEqual(
      new Set([BATCH_STATE.planned, BATCH_STATE.inProduction, BATCH_STATE.qa, BATCH_STATE.done]),
    );
    const done = all.rows.find((r) => r.batchNo === 'PB-DEMO-001')!;
    expect(done).toMatchObject({ produced: 20, qaPassed: 18, qaFailed: 2 });
    const summary = await api<{ totals: Record<string, number>; byState: Row[]; byProduct: Row[] }>('summary', {});
    expect(summary.data.totals.produced).toBeGreaterThanOrEqual(42);
    expect(summary.data.byState.length).toBe(4);
  });

  it('runs planned -> in production -> QA -> done; QA results update the counts; illegal moves are refused', async () => {
    const id = await batch('B-T-1');
    expect(await get(id)).toMatchObject({ state: BATCH_STATE.planned, produced: 0, qaPassed: 0, qaFailed: 0 });
    expect((await api('move', { id, to: BATCH_STATE.qa })).key).toBe('noSuchTransition');
    expect((await api('move', { id, to: BATCH_STATE.done })).key).toBe('noSuchTransition');
    const recs = await records(4);
    expect((await api('link', { id, recordIds: recs.slice(0, 3) })).data).toMatchObject({
      added: 3,
      counts: { produced: 3 },
    });
    expect((await api('move', { id, to: BATCH_STATE.inProduction })).code).toBe(0);
    expect((await api('link', { id, recordIds: [recs[3]!] })).code).toBe(0);
    expect((await api('unlink', { id, recordIds: [recs[3]!] })).data).toMatchObject({
      removed: 1,
      counts: { produced: 3 },
    });
    // QA only in QA.
    expect((await api('qa', { id, results: [{ recordId: recs[0]!, result: QA_RESULT.passed }] })).key).toBe(
      'batchNotInQa',
    );
    expect((await api('move', { id, to: BATCH_STATE.qa })).code).toBe(0);
    expect((await api('link', { id, recordIds: [recs[3]!] })).key).toBe('batchNotOpen');
    const qa = await api('qa', {
      id,
      results: [
        { recordId: recs[0]!, result: QA_RESULT.passed },
        { recordId: recs[1]!, result: QA_RESULT.failed, note: '屏幕不亮' },
      ],
    });
    expect(qa.data).toMatchObject({ counts: { produced: 3, passed: 1, failed: 1, pending: 1 } });
    expect((await api('qa', { id, results: [{ recordId: recs[3]!, result: QA_RESULT.passed }] })).key).toBe(
      'refInvalid',
    );
    expect((await api('move', { id, to: BATCH_STATE.done })).key).toBe('batchQaPending');
    // A failed one re-tested: the counts follow the latest result.
    await api('qa', {
      id,
      results: [
        { recordId: recs[1]!, result: QA_RESULT.passed },
        { recordId: recs[2]!, result: QA_RESULT.failed },
      ],
    });
    expect(await get(id)).toMatchObject({ produced: 3, qaPassed: 2, qaFailed: 1 });
    const detail = (await api<{ rows: Row[] }>('records', { id })).data.rows;
    expect(detail.find((r) => r.recordId === recs[2])).toMatchObject({
      qa: QA_RESULT.failed,
      qaBy: expect.any(String),
    });
    expect((await api('move', { id, to: BATCH_STATE.done })).code).toBe(0);
    expect((await api('move', { id, to: BATCH_STATE.inProduction })).key).toBe('noSuchTransition');
    expect((await get(id)).state).toBe(BATCH_STATE.done);
    // A batch that has started cannot be deleted.
    expect((await api('delete', { ids: [id] })).key).toBe('noSuchTransition');
  });

  it('QA can send a batch back to production; an empty batch cannot go to QA', async () => {
    const id = await batch('B-T-2');
    await api('move', { id, to: BATCH_STATE.inProduction });
    expect((await api('move', { id, to: BATCH_STATE.qa })).key).toBe('batchEmpty');
    await api('link', { id, recordIds: await records(1) });
    expect((await api('move', { id, to: BATCH_STATE.qa })).code).toBe(0);
    expect((await api('move', { id, to: BATCH_STATE.inProduction })).code).toBe(0);
  });

  it('a record is in one batch only, also when two batches claim it at once', async () => {
    const a = await batch('B-T-3');
    const b = await batch('B-T-4');
    const [r1, r2] = await records(2);
    await api('link', { id: a, recordIds: [r1!] });
    expect((await api('link', { id: b, recordIds: [r1!] })).key).toBe('batchRecordTaken');
    const both = await Promise.all([
      api('link', { id: a, recordIds: [r2!] }),
      api('link', { id: b, recordIds: [r2!] }),
    ]);
    expect(both.filter((x) => x.code === 0)).toHaveLength(1);
    expect(both.filter((x) => x.key === 'batchRecordTaken')).toHaveLength(1);
    const candidates = (await api<{ rows: Row[] }>('candidates', {})).data.rows.map((r) => r.id);
    expect(candidates).not.toContain(r1);
    expect(candidates).not.toContain(r2);
  });

  it('a reader of /productionSystem sees batches but cannot change them', async () => {
    const id = await batch('B-T-5');
    expect((await api('records', { id }, viewer)).code).toBe(0);
    expect((await api('move', { id, to: BATCH_STATE.inProduction }, viewer)).code).not.toBe(0);
    expect((await get(id)).state).toBe(BATCH_STATE.planned);
  });
});
