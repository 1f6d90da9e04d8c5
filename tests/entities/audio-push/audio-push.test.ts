/**
 * Audio pushes (/pubMusic): the history written by `send` (./routes.ts), one row per device the
 * broadcast reached; its delivery state and ack read from the command (./server.ts); the filters,
 * sort, delete and export of the list, and tenant isolation. The upload's content checks and the
 * command payloads are tests/server/devices/tools.test.ts's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import type { BatchCommandResult } from '../../../src/shared/devices/api';
import type { AudioUploadAnswer } from '../../../src/shared/devices/audio-push';
import { devices } from '../../../src/server/db/schema';
import { applyAck } from '../../../src/server/devices/commands';
import type { KnownDevice } from '../../../src/server/devices/hub';
import { toneWav } from '../../../src/sim/voice';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';
import { sendFile } from '../../server/uploads-helper';

let t: TestApp;
let demo: string;
let other: string;
let speaker: { id: number; imei: string };
let door: { id: number; imei: string };
let offline: { id: number; imei: string };
let theirs: { id: number; imei: string };
let file: string;

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;
async function newDevice(kind: string, token = demo, online = true) {
  const imei = rnd();
  const added = await api<Row>(
    'device/add',
    { imei, kind, messageType: 'json', name: `${kind} ${imei.slice(-4)}` },
    token,
  );
  expect(added.code, added.msg).toBe(0);
  if (online) await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  return { id: Number(added.data.id), imei };
}
const rowsOf = async (filters: object, token = demo) =>
  (await list(t.app, 'audioPush', { filters, sort: [{ field: 'imei', order: 'asc' }] }, token, 'device')).rows;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'audioother')).token;
  speaker = await newDevice('helmet');
  door = await newDevice('doorUnit');
  offline = await newDevice('helmet', demo, false);
  theirs = await newDevice('helmet', other);
  const up = await sendFile<AudioUploadAnswer>(
    t.app,
    '/api/device/audioPush/upload',
    toneWav(400, 440),
    'evacuate.wav',
    'audio/wav',
    demo,
  );
  expect(up.code, up.msg).toBe(0);
  file = up.data.name;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('audio pushes', () => {
  it('a file pushed to devices leaves a row per device reached, with its operator; the others answer on their own', async () => {
    const sent = await api<{ results: BatchCommandResult[] }>('audioPush/send', {
      source: 'file',
      imeis: [speaker.imei, door.imei, offline.imei, theirs.imei],
      file,
      title: 'Evacuation drill.wav',
    });
    expect(sent.code, sent.msg).toBe(0);
    const keyOf = (imei: string) => sent.data.results.find((r) => r.imei === imei)?.key;
    expect(keyOf(offline.imei)).toBe('deviceOffline');
    expect(keyOf(theirs.imei)).toBe('notFound');
    const rows = await rowsOf({ title: 'evacuation' });
    expect(rows.map((r) => r.imei)).toEqual([speaker.imei, door.imei].sort());
    expect(rows[0]).toMatchObject({ source: 'file', file, title: 'Evacuation drill.wav', ackMsg: null });
    expect(String(rows[0]!.operatorName)).toBeTruthy();
    expect(rows.find((r) => r.imei === door.imei)?.deviceName).toBe(`doorUnit ${door.imei.slice(-4)}`);
  });

  it("the row's state and ack follow the device's acknowledgement", async () => {
    const sent = await api<{ results: BatchCommandResult[] }>('audioPush/send', {
      source: 'tts',
      imeis: [speaker.imei],
      text: 'Wear your helmet',
    });
    expect(sent.code, sent.msg).toBe(0);
    const [row] = await rowsOf({ title: 'wear your helmet' });
    expect(row).toMatchObject({ source: 'tts', imei: speaker.imei, file: null });
    await applyAck(
      t.app,
      { id: speaker.id } as KnownDevice,
      { ref: sent.data.results[0]!.id!, ok: false, msg: 'speaker busy' },
      new Date(t.clock.now()),
    );
    expect((await rowsOf({ title: 'wear your helmet' }))[0]).toMatchObject({
      status: DELIVERY.failed,
      ackMsg: 'speaker busy',
    });
    await applyAck(
      t.app,
      { id: speaker.id } as KnownDevice,
      { ref: sent.data.results[0]!.id!, ok: true, msg: 'playing' },
      new Date(t.clock.now()),
    );
    const [acked] = await rowsOf({ title: 'wear your helmet' });
    expect(acked).toMatchObject({ status: DELIVERY.sent, ackMsg: 'playing' });
    expect(Date.parse(String(acked!.ackAt))).toBe(t.clock.now());
  });

  it('filters by source, IMEI and operator; the keyword finds the title', async () => {
    expect((await rowsOf({ source: 'tts', imei: speaker.imei })).map((r) => r.title)).toEqual(['Wear your helmet']);
    expect((await rowsOf({ source: 'file', imei: door.imei.slice(-6) })).length).toBe(1);
    const [first] = await rowsOf({ imei: speaker.imei });
    expect((await rowsOf({ imei: speaker.imei, operatorName: String(first!.operatorName) })).length).toBe(2);
    expect(
      (await list(t.app, 'audioPush', { keyword: 'Evacuation drill' }, demo, 'device')).rows.map((r) => r.imei).sort(),
    ).toEqual([speaker.imei, door.imei].sort());
  });

  it.each([
    ['an empty text', { source: 'tts', imeis: ['860000000000001'], text: '  ' }],
    ['no devices', { source: 'tts', imeis: [], text: 'x' }],
    ['a bad IMEI', { source: 'tts', imeis: ['12'], text: 'x' }],
    ['an unknown source', { source: 'radio', imeis: ['860000000000001'], text: 'x' }],
  ])('send refuses %s', async (_what, body) => {
    expect(await api('audioPush/send', body)).toMatchObject({ code: 400 });
  });

  it('a file another company uploaded is not pushed; another company neither sees nor deletes the history', async () => {
    expect(
      await api('audioPush/send', { source: 'file', imeis: [theirs.imei], file, title: 'x' }, other),
    ).toMatchObject({ code: 400, key: 'fileFormat' });
    const [row] = await rowsOf({ imei: door.imei });
    expect((await list(t.app, 'audioPush', {}, other, 'device')).total).toBe(0);
    expect((await api('audioPush/get', { id: row!.id }, other)).code).toBe(404);
    expect((await api('audioPush/delete', { ids: [row!.id] }, other)).code).toBe(404);
    expect((await rowsOf({ imei: door.imei })).length).toBe(1);
  });

  it('exports and deletes history rows; there is no add or update', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/audioPush/export',
      payload: { filters: { imei: speaker.imei }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).length).toBe(1 + 2);
    const [row] = await rowsOf({ imei: door.imei });
    expect((await api('audioPush/add', { imei: door.imei, title: 'x' })).code).toBe(404);
    expect((await api('audioPush/update', { id: row!.id, title: 'x' })).code).toBe(404);
    expect((await api('audioPush/delete', { ids: [row!.id] })).code).toBe(0);
    expect(await rowsOf({ imei: door.imei })).toEqual([]);
  });
});
