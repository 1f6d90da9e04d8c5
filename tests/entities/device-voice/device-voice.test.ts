/**
 * Voice messages from devices (/deviceVoice): the device's upload (./routes.ts: raw body, Basic
 * auth with its own credentials, WAV duration read from the clip), the list of its company
 * (filters, sort, export, delete; no add or update), the file it plays, and tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../src/server/db/schema';
import { toneWav } from '../../../src/sim/voice';
import { post, type TestApp } from '../../server/helper';
import { addDevices, type TestDevice } from '../../server/ingest-helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';
import { wavDurationMs } from '../../../src/server/protocols/wav';

let t: TestApp;
let demo: string;
let other: { tenant: number; token: string };
let helmet: TestDevice;
let band: TestDevice;
let theirs: TestDevice;

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/deviceVoice/${path}`, body, { token });
const upload = (d: { imei: string; secret: string }, body: Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/deviceVoice/upload',
    payload: body,
    headers: {
      'content-type': 'audio/wav',
      authorization: `Basic ${Buffer.from(`${d.imei}:${d.secret}`).toString('base64')}`,
      ...headers,
    },
  });
const rowsOf = async (filters: object, token = demo) =>
  (await list(t.app, 'deviceVoice', { filters, sort: [{ field: 'durationMs', order: 'asc' }] }, token, 'device')).rows;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'voiceother');
  [helmet, band] = (await addDevices(t.app, 2)) as [TestDevice, TestDevice];
  [theirs] = (await addDevices(t.app, 1, { tenantId: other.tenant })) as [TestDevice];
  await t.app.db.update(devices).set({ name: 'Crane helmet' }).where(eq(devices.id, helmet.id));
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('device voice messages', () => {
  it('a device uploads clips with its own credentials; its company lists them by duration and plays the file', async () => {
    for (const ms of [2500, 800]) {
      const res = await upload(helmet, toneWav(ms, 523));
      expect(res.json()).toMatchObject({ code: 0, data: { durationMs: ms } });
    }
    // The WAV's own header decides its duration over a declared one.
    expect((await upload(band, toneWav(1200, 440), { 'x-duration-ms': '99' })).json().data.durationMs).toBe(1200);
    const rows = await rowsOf({ imei: helmet.imei });
    expect(rows.map((r) => r.durationMs)).toEqual([800, 2500]);
    expect(rows[0]).toMatchObject({ imei: helmet.imei, deviceName: 'Crane helmet', size: toneWav(800, 523).length });
    const file = await t.app.inject({ method: 'GET', url: `/api/file/${String(rows[0]!.file)}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('filters by device name and a duration range', async () => {
    expect((await rowsOf({ deviceName: 'crane' })).map((r) => r.imei)).toEqual([helmet.imei, helmet.imei]);
    const long = await rowsOf({ durationMs: [1000, 3000], imei: helmet.imei.slice(0, 2) });
    expect(long.map((r) => r.durationMs)).toEqual(expect.arrayContaining([1200, 2500]));
    expect(long.every((r) => Number(r.durationMs) >= 1000 && Number(r.durationMs) <= 3000)).toBe(true);
    expect((await rowsOf({ imei: band.imei, durationMs: [null, 1000] })).length).toBe(0);
  });

  it('refuses wrong credentials, an empty body and what is not audio', async () => {
    expect((await upload({ ...helmet, secret: 'wrong-secret' }, toneWav(100, 523))).json().code).toBe(208);
    expect((await upload({ imei: '869999999999999', secret: 'x' }, toneWav(100, 523))).json().code).toBe(208);
    expect((await upload(helmet, Buffer.from('not audio at all, just text'))).json()).toMatchObject({
      code: 400,
      key: 'fileFormat',
    });
    expect((await upload(helmet, Buffer.alloc(0))).json().code).not.toBe(0);
    const tooBig = await upload(helmet, Buffer.alloc(1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().key).toBe('bodyTooLarge');
    expect((await rowsOf({ imei: helmet.imei })).length).toBe(2);
  });

  it("the WAV reader: a clip's duration from its header, nothing for another format", () => {
    expect(wavDurationMs(toneWav(1500, 440))).toBe(1500);
    expect(wavDurationMs(toneWav(1000, 440, 16000))).toBe(1000);
    expect(wavDurationMs(Buffer.from('ID3\u0004\u0000not a wav'))).toBeUndefined();
  });

  it("another company's device lands in its company; neither sees nor deletes the other's", async () => {
    expect((await upload(theirs, toneWav(300, 330))).json().code).toBe(0);
    expect((await rowsOf({}, other.token)).map((r) => r.imei)).toEqual([theirs.imei]);
    expect((await rowsOf({ imei: theirs.imei })).length).toBe(0);
    const [mine] = await rowsOf({ imei: helmet.imei });
    expect((await api('get', { id: mine!.id }, other.token)).code).toBe(404);
    expect((await api('delete', { ids: [mine!.id] }, other.token)).code).toBe(404);
    expect((await rowsOf({ imei: helmet.imei })).length).toBe(2);
  });

  it('exports and deletes clips; there is no add or update', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/deviceVoice/export',
      payload: { filters: { imei: helmet.imei }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).length).toBe(1 + 2);
    const [row] = await rowsOf({ imei: helmet.imei });
    expect((await api('add', { imei: helmet.imei })).code).toBe(404);
    expect((await api('update', { id: row!.id, imei: 'x' })).code).toBe(404);
    expect((await api('delete', { ids: [row!.id] })).code).toBe(0);
    expect((await rowsOf({ imei: helmet.imei })).map((r) => r.durationMs)).toEqual([2500]);
  });
});
