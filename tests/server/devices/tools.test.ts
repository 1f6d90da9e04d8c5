import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import type { BatchCommandResult, CommandAck } from '../../../src/shared/devices/api';
import { decodePayload } from '../../../src/shared/devices/codec';
import type { AudioUploadAnswer } from '../../../src/shared/devices/audio-push';
import type { MetricUnits, ThingModel, ThingModelAnswer } from '../../../src/shared/devices/thing-model';
import { topics } from '../../../src/shared/topics';
import { devices, products } from '../../../src/server/db/schema';
import { applyAck } from '../../../src/server/devices/commands';
import { deviceKey, deviceSecret } from '../../../src/server/devices/secrets';
import { tts } from '../../../src/entities/audio-push';
import { toneWav } from '../../../src/sim/voice';
import { post, type TestApp } from '../helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../org-helper';
import { picture, sendFile } from '../uploads-helper';

let t: TestApp;
let su: string;
let demo: string;
let other: string;
let visitor: string;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

async function newDevice(kind: string, online = true) {
  const imei = rnd();
  const added = await api<Row>('device/add', { imei, kind, messageType: 'json' });
  if (added.code !== 0) throw new Error(added.msg);
  if (online) await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  return { id: Number(added.data.id), imei };
}

async function listen(imei: string) {
  const got: unknown[] = [];
  const off = await t.app.broker.subscribe(
    topics.deviceServer(imei),
    (_topic, payload) => void got.push(decodePayload(payload).value),
  );
  const next = async (n = 1) => {
    for (let i = 0; i < 100 && got.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return got;
  };
  return { next, off };
}

async function ack(imei: string, ref: number, msg: string) {
  const d = await t.app.deviceCache.get(imei);
  await applyAck(t.app, d!, { ref, ok: true, msg }, new Date());
}

describe('dataModel: thing models', () => {
  const helmetProduct = async () => (await t.app.db.select().from(products).where(eq(products.code, 'P-helmet')))[0]!;

  it('a seeded product carries the model of its kind; anyone reads it', async () => {
    const p = await helmetProduct();
    const got = await api<ThingModelAnswer>('thingModel/get', { productId: p.id });
    expect(got.code).toBe(0);
    expect(got.data.saved).toBe(true);
    const hr = got.data.model.metrics.find((m) => m.key === 'heartRate');
    expect(hr).toMatchObject({ unit: 'bpm', min: 0, max: 350 });
    expect(got.data.model.commands.map((c) => c.key)).toContain('broadcast');
    expect((await api('thingModel/get', { productId: 999_999 })).code).toBe(404);
  });

  it('save validates keys and ranges, is for super administrators only, and the units follow it', async () => {
    const p = await helmetProduct();
    const model: ThingModel = (await api<ThingModelAnswer>('thingModel/get', { productId: p.id })).data.model;
    const dup = { ...model, metrics: [...model.metrics, { ...model.metrics[0]! }] };
    expect((await api('thingModel/save', { productId: p.id, model: dup }, su)).code).toBe(400);
    const badRange = { ...model, metrics: [{ key: 'x', name: 'X', unit: '', min: 5, max: 5, precision: 0 }] };
    expect((await api('thingModel/save', { productId: p.id, model: badRange }, su)).code).toBe(400);
    const badKey = { ...model, metrics: [{ key: '1x', name: 'X', unit: '', min: 0, max: 5, precision: 0 }] };
    expect((await api('thingModel/save', { productId: p.id, model: badKey }, su)).code).toBe(400);
    const changed = {
      ...model,
      metrics: model.metrics.map((m) => (m.key === 'heartRate' ? { ...m, unit: '次/分', max: 240 } : m)),
    };
    expect((await api('thingModel/save', { productId: p.id, model: changed }, demo)).code).toBe(403);
    expect((await api('thingModel/save', { productId: p.id, model: changed }, visitor)).code).toBe(403);
    expect((await api('thingModel/save', { productId: p.id, model: changed }, su)).code).toBe(0);
    const again = await api<ThingModelAnswer>('thingModel/get', { productId: p.id });
    expect(again.data.model.metrics.find((m) => m.key === 'heartRate')).toMatchObject({ unit: '次/分', max: 240 });
    const units = await api<MetricUnits>('thingModel/units', {});
    expect(units.data.heartRate).toMatchObject({ unit: '次/分', max: 240 });
    // Another company without devices of that product sees no units from it.
    expect((await api<MetricUnits>('thingModel/units', {}, other)).data.heartRate).toBeUndefined();
  });
});

describe('controlBar: command/sendMany and command/acks', () => {
  it('sends to each online device, refuses offline, unsupported and foreign ones on their own', async () => {
    const a = await newDevice('breaker');
    const b = await newDevice('breaker');
    const off = await newDevice('breaker', false);
    const smoke = await newDevice('smoke');
    const l = await listen(a.imei);
    const res = await api<{ results: BatchCommandResult[] }>('command/sendMany', {
      imeis: [a.imei, b.imei, off.imei, smoke.imei, '869999999999999'],
      cmd: 'switch',
      params: { mode: 'singleOff' },
    });
    expect(res.code).toBe(0);
    const by = new Map(res.data.results.map((r) => [r.imei, r]));
    expect(by.get(a.imei)).toMatchObject({ status: DELIVERY.sent });
    expect(by.get(b.imei)?.id).toBeGreaterThan(0);
    expect(by.get(off.imei)).toEqual({ imei: off.imei, key: 'deviceOffline' });
    expect(by.get(smoke.imei)?.key).toBe('noCommand');
    expect(by.get('869999999999999')?.key).toBe('notFound');
    const [msg] = await l.next();
    await l.off();
    expect(msg).toEqual({ kind: 'command', id: by.get(a.imei)!.id, cmd: 'switch', params: { mode: 'singleOff' } });

    await ack(a.imei, by.get(a.imei)!.id!, 'switch singleOff');
    const acks = await api<{ rows: CommandAck[] }>('command/acks', { ids: [by.get(a.imei)!.id!, by.get(b.imei)!.id!] });
    const ackA = acks.data.rows.find((r) => r.imei === a.imei)!;
    expect(ackA).toMatchObject({ status: DELIVERY.sent, ackOk: true, ackMsg: 'switch singleOff' });
    expect(acks.data.rows.find((r) => r.imei === b.imei)?.ackAt).toBeNull();
    // Another company reads nothing of these commands, and cannot send to the devices.
    expect((await api<{ rows: CommandAck[] }>('command/acks', { ids: [ackA.id] }, other)).data.rows).toEqual([]);
    const foreign = await api<{ results: BatchCommandResult[] }>(
      'command/sendMany',
      { imeis: [a.imei], cmd: 'restart' },
      other,
    );
    expect(foreign.data.results).toEqual([{ imei: a.imei, key: 'notFound' }]);
  });

  it('validates the batch: parameters of the command, duplicates, size; visitors are refused', async () => {
    const a = await newDevice('breaker');
    expect((await api('command/sendMany', { imeis: [a.imei], cmd: 'switch', params: { mode: 'sideways' } })).code).toBe(
      400,
    );
    expect((await api('command/sendMany', { imeis: [a.imei, a.imei], cmd: 'restart' })).code).toBe(400);
    expect((await api('command/sendMany', { imeis: [], cmd: 'restart' })).code).toBe(400);
    expect((await api('command/sendMany', { imeis: [a.imei], cmd: 'restart' }, visitor)).code).toBe(403);
  });
});

describe('pubMusic: audio pushes', () => {
  it('uploads audio judged by content, refuses pictures, pushes it to speakers with a history row per device', async () => {
    const wav = toneWav(500, 440);
    const up = await sendFile<AudioUploadAnswer>(
      t.app,
      '/api/device/audioPush/upload',
      wav,
      'alarm.mp3',
      'audio/mpeg',
      demo,
    );
    expect(up.code).toBe(0);
    expect(up.data.name).toMatch(/\.wav$/);
    expect(up.data.contentType).toBe('audio/wav');
    const png = await sendFile(
      t.app,
      '/api/device/audioPush/upload',
      await picture('png'),
      'fake.wav',
      'audio/wav',
      demo,
    );
    expect(png.key).toBe('fileFormat');

    const helmet = await newDevice('helmet');
    const door = await newDevice('doorUnit');
    const band = await newDevice('wristband');
    const l = await listen(door.imei);
    const sent = await api<{ results: BatchCommandResult[] }>('audioPush/send', {
      source: 'file',
      imeis: [helmet.imei, door.imei, band.imei],
      file: up.data.name,
      title: 'alarm.mp3',
    });
    expect(sent.code).toBe(0);
    expect(sent.data.results.find((r) => r.imei === band.imei)?.key).toBe('noCommand');
    const [msg] = (await l.next()) as { params: { mp3: string } }[];
    await l.off();
    expect(msg!.params.mp3).toMatch(new RegExp(`/api/file/${up.data.name}$`));
    const doorId = sent.data.results.find((r) => r.imei === door.imei)!.id!;
    await ack(door.imei, doorId, 'playing');

    const rows = await list(t.app, 'audioPush', { filters: { source: 'file' } }, demo, 'device');
    const doorRow = rows.rows.find((r) => r.imei === door.imei)!;
    expect(doorRow).toMatchObject({ title: 'alarm.mp3', status: DELIVERY.sent, ackMsg: 'playing' });
    expect(rows.rows.some((r) => r.imei === band.imei)).toBe(false);
    expect((await list(t.app, 'audioPush', {}, other, 'device')).total).toBe(0);
    // A file of another company cannot be pushed.
    expect(
      (await api('audioPush/send', { source: 'file', imeis: [helmet.imei], file: up.data.name, title: 'x' }, other))
        .code,
    ).toBe(400);
  });

  it('text-to-speech goes to the device as text; the preview says when the server cannot synthesise', async () => {
    const helmet = await newDevice('helmet');
    const l = await listen(helmet.imei);
    const sent = await api<{ results: BatchCommandResult[] }>('audioPush/send', {
      source: 'tts',
      imeis: [helmet.imei],
      text: '请佩戴安全帽',
    });
    expect(sent.code).toBe(0);
    const [msg] = (await l.next()) as { params: unknown }[];
    await l.off();
    expect(msg!.params).toEqual({ text: '请佩戴安全帽' });
    expect((await list(t.app, 'audioPush', { keyword: '安全帽' }, demo, 'device')).rows[0]).toMatchObject({
      source: 'tts',
      imei: helmet.imei,
    });
    expect((await api('audioPush/send', { source: 'tts', imeis: [helmet.imei], text: '  ' })).code).toBe(400);

    const real = tts.provider;
    tts.provider = { name: 'none', deviceParams: real.deviceParams.bind(real), preview: async () => undefined };
    expect((await api('audioPush/preview', { text: '你好' })).key).toBe('ttsUnavailable');
    tts.provider = { name: 'fake', deviceParams: real.deviceParams.bind(real), preview: async () => toneWav(100, 440) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/audioPush/preview',
      payload: { text: '你好' },
      headers: { authorization: demo },
    });
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    tts.provider = real;
  });
});

describe('deviceVoice: voice messages from devices', () => {
  const upload = (imei: string, secret: string, body: Buffer, type = 'audio/wav') =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/deviceVoice/upload',
      payload: body,
      headers: { 'content-type': type, authorization: `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}` },
    });

  it('a device uploads a clip with its own credentials; its company lists it with the duration and plays the file', async () => {
    const helmet = await newDevice('helmet');
    const [row] = await t.app.db
      .select({ v: devices.secretVersion })
      .from(devices)
      .where(eq(devices.imei, helmet.imei));
    const secret = deviceSecret(await deviceKey(t.app.db), helmet.imei, row!.v);
    const res = await upload(helmet.imei, secret, toneWav(1500, 523));
    expect(res.json()).toMatchObject({ code: 0, data: { durationMs: 1500 } });
    expect((await upload(helmet.imei, 'wrong-secret', toneWav(100, 523))).json().code).toBe(208);
    expect((await upload(helmet.imei, secret, Buffer.from('not audio at all, just text'))).json().key).toBe(
      'fileFormat',
    );

    const got = await list(t.app, 'deviceVoice', { filters: { imei: helmet.imei } }, demo, 'device');
    expect(got.total).toBe(1);
    expect(got.rows[0]).toMatchObject({ imei: helmet.imei, durationMs: 1500 });
    const file = await t.app.inject({ method: 'GET', url: `/api/file/${String(got.rows[0]!.file)}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect((await list(t.app, 'deviceVoice', {}, other, 'device')).total).toBe(0);
  });
});
