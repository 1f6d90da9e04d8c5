import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../src/server/db/driver';
import { JOB_STATE, type ImportJobReport, type Job } from '../../../src/shared/jobs';
import { deviceLocations } from '../../../src/server/db/schema';
import { CODECS } from '../../../src/server/protocols/registry';
import { fixOf } from '../../../src/server/fences/evaluator';
import { MAX_MARGIN_M } from '../../../src/server/fences/geometry';
import { CellLookup, MIN_CELL_ACCURACY_M } from '../../../src/server/protocols/cells';
import { buildTestApp, finishedJob, login, post, type TestApp } from '../../server/helper';
import { addDevices, until, type TestDevice } from '../../server/ingest-helper';
import { multipart } from '../../server/org-helper';
import { cellTowers } from '../../../src/entities/cell-tower/table';

/**
 * The cell-tower table (docs/protocols.md "Cell towers"): OpenCellID files imported whole by
 * super administrators (bad lines counted, re-imports updating), and LBS reports over a real
 * socket placed by it, or left without a position when the table does not know their cells.
 */
let t: TestApp;
let su: string;
let demoAdmin: string;
let watchPort: number;

const HEADER = 'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal';
const URL = '/api/device/cellTower/importOpenCellId';

/** Posts a file as the raw body (or multipart) and waits for its job. */
async function importFile(body: Buffer, opts: { type?: string; multipart?: boolean; token?: string } = {}) {
  const token = opts.token ?? su;
  const sent = opts.multipart
    ? multipart(body, 'cells.csv', 'file', 'text/csv')
    : { payload: body, headers: { 'content-type': opts.type ?? 'text/csv' } };
  const res = await t.app.inject({
    method: 'POST',
    url: URL,
    payload: sent.payload,
    headers: { ...sent.headers, authorization: token },
  });
  const answer = res.json() as { code: number; key?: string; data: Job };
  if (answer.code !== 0) return { answer };
  const job = await finishedJob(t.app, answer.data.id, token);
  return { answer, job, report: job.result as ImportJobReport };
}

const towerOf = async (mcc: number, net: number, area: number, cell: number) =>
  (await t.app.db.select().from(cellTowers).where(eq(cellTowers.mcc, mcc))).find(
    (r) => r.net === net && r.area === area && r.cell === cell,
  );

beforeAll(async () => {
  t = await buildTestApp();
  watchPort = await t.app.protocols.listenTcp(CODECS.watch, 0, '127.0.0.1');
  su = (await login(t.app, 'admin', 'admin123')).token;
  demoAdmin = (await login(t.app, 'demo', 'demo123')).token;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('OpenCellID import', () => {
  it('imports the rows, counts a line it cannot read with its line number, and a re-import updates', async () => {
    const csv = [
      HEADER,
      'GSM,460,0,10101,20201,,116.397128,39.916527,1200,15,1,1459692342,1700000000,0',
      'LTE,460,1,10102,123456789,,121.473701,31.230416,50,3,1,1459692342,1700000100,0',
      'LTE,460,1,oops,1,,121.4,31.2,50,3,1,1459692342,1700000100,0',
      'UMTS,310,260,7000,8000,,-74.0060,40.7128,3000,8,1,1459692342,1700000200,0',
      '',
    ].join('\n');
    const { answer, job, report } = await importFile(Buffer.from(csv));
    expect(answer.code, answer.key).toBe(0);
    expect(job!.state).toBe(JOB_STATE.done);
    expect(report).toEqual({ total: 4, imported: 3, failed: 1, errors: [{ row: 4, messages: ['cell id'] }] });
    expect(await towerOf(460, 0, 10101, 20201)).toMatchObject({
      radio: 'GSM',
      lon: 116.397128,
      lat: 39.916527,
      range: 1200,
      samples: 15,
      updated: new Date(1_700_000_000_000),
    });
    expect(await towerOf(460, 1, 10102, 123456789)).toMatchObject({ radio: 'LTE', range: 50 });

    // The same tower moved, gzipped as OpenCellID serves it, in the multipart form: updated in place.
    const again = gzipSync(
      Buffer.from(`${HEADER}\nGSM,460,0,10101,20201,,116.4,39.92,900,20,1,1459692342,1700000500,0\n`),
    );
    const second = await importFile(again, { multipart: true });
    expect(second.report).toEqual({ total: 1, imported: 1, failed: 0, errors: [] });
    const rows = await t.app.db.select().from(cellTowers).where(eq(cellTowers.area, 10101));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lon: 116.4, lat: 39.92, range: 900, samples: 20 });
  });

  it('reads a per-country file without a header in OpenCellID column order', async () => {
    const { report } = await importFile(
      Buffer.from('NR,262,2,555,68719476735,,13.4050,52.5200,400,2,1,1459692342,1700000000,0\n'),
      { type: 'application/octet-stream' },
    );
    expect(report).toMatchObject({ imported: 1, failed: 0 });
    expect(await towerOf(262, 2, 555, 68719476735)).toMatchObject({ radio: 'NR', lat: 52.52 });
  });

  it('refuses anyone but a super administrator and a body that is no file, and lists the rows to super administrators only', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: Buffer.from(`${HEADER}\n`),
      headers: { 'content-type': 'text/csv', authorization: demoAdmin },
    });
    expect(refused.json()).toMatchObject({ key: 'noPermission' });
    // A JSON body is no file; an empty file has no rows.
    expect((await post(t.app, URL, { rows: [] }, { token: su })).key).toBe('uploadMalformed');
    expect((await importFile(Buffer.alloc(0))).answer.key).toBe('importNoRows');
    const listed = await post<{ rows: unknown[] }>(t.app, '/api/device/cellTower/list', {}, { token: demoAdmin });
    expect(listed.data?.rows ?? []).toEqual([]);
    const own = await post<{ rows: unknown[]; total: number }>(
      t.app,
      '/api/device/cellTower/list',
      { filters: { mcc: 460 } },
      { token: su },
    );
    expect(own.code, own.msg).toBe(0);
    expect(own.data.total).toBeGreaterThanOrEqual(2);
  });
});

/** A watch UD without a fix (V, 0,0) hearing `cells` (serving first), with its length as it travels. */
function lbsUd(imei: string, mcc: number, mnc: number, cells: [number, number][]): Buffer {
  const d = new Date(Date.now() - 5_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const when = `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() % 100)},${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  const network = [cells.length, 1, mcc, mnc, ...cells.flatMap(([lac, cid]) => [lac, cid, -70]), 0].join(',');
  const content = `UD,${when},V,0.000000,N,0.000000,E,0.00,0,0.0,0,100,80,0,0,00000000,${network}`;
  return Buffer.from(`[SG*${imei}*${content.length.toString(16).toUpperCase().padStart(4, '0')}*${content}]`);
}

describe('LBS reports placed by the table', () => {
  let d: TestDevice;
  let socket: Socket;
  const locations = () =>
    t.app.db.select().from(deviceLocations).where(eq(deviceLocations.deviceId, d.id)).orderBy(desc(deviceLocations.id));

  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'watch' }))[0]!;
    await t.app.db
      .insert(cellTowers)
      .values({ radio: 'GSM', mcc: 460, net: 0, area: 9360, cell: 4083, lon: 121.5, lat: 31.25, range: 40 })
      .onConflictDoNothing();
    socket = connect(watchPort, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(Buffer.from(`[SG*${d.imei}*0002*LK]`));
    await until(() => t.app.protocols.connected(d.imei) === 'watch', 5_000, 'the watch bound');
  });
  afterAll(() => socket?.destroy());

  it('stores a position from the first cell the table knows, at least MIN_CELL_ACCURACY_M, source lbs with the cells', async () => {
    // The serving cell is unknown: the next one is.
    socket.write(
      lbsUd(d.imei, 460, 0, [
        [9360, 4082],
        [9360, 4083],
      ]),
    );
    const [row] = (await until(
      async () => ((await locations()).length ? locations() : undefined),
      5_000,
      'the LBS location',
    ))!;
    expect(row).toMatchObject({ source: 'lbs', lat: 31.25, lon: 121.5, accuracy: MIN_CELL_ACCURACY_M });
    expect(row!.radio).toMatchObject({
      cells: [
        { mcc: 460, mnc: 0, lac: 9360, cid: 4082 },
        { mcc: 460, mnc: 0, lac: 9360, cid: 4083 },
      ],
    });
  });

  it('gives fixes the fence evaluator leaves out: a cell never enters or leaves a site fence', async () => {
    const cells = new CellLookup(t.app.db, () => Date.now());
    const placed = await cells.position({
      kind: 'location',
      source: 'lbs',
      cells: [{ mcc: 460, mnc: 0, lac: 9360, cid: 4083 }],
    });
    expect(placed).toMatchObject({ lat: 31.25, lon: 121.5, accuracy: MIN_CELL_ACCURACY_M });
    expect(MIN_CELL_ACCURACY_M).toBeGreaterThan(MAX_MARGIN_M);
    expect(fixOf({ id: d.id, tenantId: 1, imei: d.imei }, placed, Date.now())).toBeUndefined();
  });

  it('leaves a report whose cells the table does not know without a position', async () => {
    const before = (await locations()).length;
    socket.write(lbsUd(d.imei, 460, 0, [[1, 2]]));
    const rows = (await until(
      async () => ((await locations()).length > before ? locations() : undefined),
      5_000,
      'the unplaced location',
    ))!;
    expect(rows[0]).toMatchObject({ source: 'lbs', lat: null, lon: null });
    expect(rows[0]!.radio).toMatchObject({ cells: [{ mcc: 460, mnc: 0, lac: 1, cid: 2 }] });
  });
});

describe('CellLookup', () => {
  it('asks once for the cells of one turn, and remembers misses', async () => {
    const execute = vi.fn(async () => [{ mcc: 460, net: 0, area: '7', cell: '8', lat: 1, lon: 2, range: 5000 }]);
    const cells = new CellLookup({ execute } as unknown as Db, () => 0);
    const at = (lac: number, cid: number) => [{ mcc: 460, mnc: 0, lac, cid }];
    const [a, b, c] = await Promise.all([cells.locate(at(7, 8)), cells.locate(at(7, 9)), cells.locate(at(7, 8))]);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ lat: 1, lon: 2, range: 5000 });
    expect(c).toEqual(a);
    expect(b).toBeUndefined();
    await cells.locate(at(7, 9));
    await cells.locate(at(7, 8));
    expect(execute).toHaveBeenCalledTimes(1);
  });
});
