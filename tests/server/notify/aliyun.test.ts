import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { alarmNotifications } from '../../../src/server/db/schema';
import { Delivery } from '../../../src/server/escalation/delivery';
import { createAliyun, popSignature } from '../../../src/server/notify/aliyun';
import { alarmsOf, send } from '../alarms-helper';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices } from '../ingest-helper';

const SECRET = 'test-secret';

/** A stand-in for dysmsapi and dyvmsapi: records each form, checks its signature, answers like Aliyun. */
let server: Server;
let base: string;
const seen: { method: string; url: string; form: Record<string, string>; signed: boolean }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const signed = popSignature('POST', form, SECRET) === form.Signature;
      seen.push({ method: req.method ?? '', url: req.url ?? '', form, signed });
      const phone = form.PhoneNumbers ?? form.CalledNumber;
      const answer = !signed
        ? { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched.' } }
        : phone === '13900000009'
          ? { status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: 'r2' } }
          : { status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1', CallId: 'c1' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const aliyun = (secret = SECRET) =>
  createAliyun({
    accessKeyId: 'LTAI-test',
    accessKeySecret: secret,
    sms: { signName: '安全控制台', templateCode: 'SMS_123', endpoint: `${base}/sms` },
    voice: { ttsCode: 'TTS_456', showNumber: '057100000000', endpoint: `${base}/vms` },
  });

describe("Aliyun's RPC signature", () => {
  it("matches the worked example of Aliyun's signature documentation", () => {
    // Aliyun's "Signature mechanism" page: AccessKeySecret testsecret, GET DescribeRegions.
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(popSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // Any other value, secret or method signs differently.
    expect(popSignature('POST', params, 'testsecret')).not.toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    expect(popSignature('GET', { ...params, Format: 'JSON' }, 'testsecret')).not.toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('Aliyun SMS and voice notification', () => {
  it('sends SendSms and SingleCallByTts with their parameters, signed', async () => {
    seen.length = 0;
    const { sms, voiceCalls } = aliyun();
    await sms!.send('+8613900000001', '【安全控制台】SOS求救 & more: https://x.example/api/ack/a.b');
    await voiceCalls!.call('13900000001', 'SOS求救。张三。', 'cn');
    expect(seen.map((s) => [s.method, s.url, s.signed])).toEqual([
      ['POST', '/sms/', true],
      ['POST', '/vms/', true],
    ]);
    const common = {
      AccessKeyId: 'LTAI-test',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Version: '2017-05-25',
    };
    expect(seen[0]!.form).toMatchObject({
      ...common,
      Action: 'SendSms',
      PhoneNumbers: '13900000001',
      SignName: '安全控制台',
      TemplateCode: 'SMS_123',
      TemplateParam: JSON.stringify({ content: '【安全控制台】SOS求救 & more: https://x.example/api/ack/a.b' }),
    });
    expect(seen[0]!.form.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(seen[1]!.form).toMatchObject({
      ...common,
      Action: 'SingleCallByTts',
      CalledNumber: '13900000001',
      CalledShowNumber: '057100000000',
      TtsCode: 'TTS_456',
      TtsParam: JSON.stringify({ content: 'SOS求救。张三。' }),
    });
    // Every request its own nonce.
    expect(seen[0]!.form.SignatureNonce).not.toBe(seen[1]!.form.SignatureNonce);
  });

  it("throws Aliyun's error code: a refused number, a bad signature", async () => {
    await expect(aliyun().sms!.send('13900000009', 'x')).rejects.toThrow(
      'Aliyun SendSms: HTTP 200 isv.MOBILE_NUMBER_ILLEGAL 非法手机号',
    );
    await expect(aliyun('wrong').voiceCalls!.call('13900000001', 'x', 'cn')).rejects.toThrow(
      'Aliyun SingleCallByTts: HTTP 400 SignatureDoesNotMatch',
    );
  });

  it('is chosen by SMS_PROVIDER / VOICE_CALL_PROVIDER and refused at start without its keys', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id' })).toThrow(
      'Missing ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE: SMS_PROVIDER or VOICE_CALL_PROVIDER is aliyun',
    );
    expect(() =>
      loadConfig({ VOICE_CALL_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id', ALIYUN_ACCESS_KEY_SECRET: 's' }),
    ).toThrow('Missing ALIYUN_VOICE_TTS_CODE, ALIYUN_VOICE_SHOW_NUMBER');
    const config = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: '安全控制台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:1/',
    });
    expect(config.aliyun).toEqual({
      accessKeyId: 'id',
      accessKeySecret: 's',
      sms: { signName: '安全控制台', templateCode: 'SMS_1', endpoint: 'http://127.0.0.1:1/' },
      voice: undefined,
    });
  });
});

describe('an Aliyun failure in an escalation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('is recorded in alarm_notifications as failed, with the code', async () => {
    const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
    await send(t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
    const [record] = await alarmsOf(t.app, d!.id);
    expect(record).toBeDefined();
    const rows = await t.app.db
      .insert(alarmNotifications)
      .values(
        ['13900000001', '13900000009'].map((target) => ({
          alarmId: record!.id,
          tenantId: record!.tenantId,
          step: 0,
          channel: 'sms',
          target,
          createdAt: new Date(t.clock.now()),
        })),
      )
      .returning();
    const stats = { sent: 0, failed: 0 };
    const delivery = new Delivery({
      db: t.app.db,
      clock: t.clock,
      log: t.app.log,
      timeZone: t.app.config.timeZone,
      push: t.app.push,
      sms: aliyun().sms!,
      voiceCalls: t.app.voiceCalls,
      email: t.app.email,
      stats,
    });
    await delivery.send(
      rows.map((r) => ({ ...r, targetName: null, userIds: null })),
      new Map([[record!.id, record!]]),
    );
    expect(stats).toEqual({ sent: 1, failed: 1 });
    const stored = await t.app.db.select().from(alarmNotifications).where(eq(alarmNotifications.alarmId, record!.id));
    const byTarget = Object.fromEntries(
      stored.filter((n) => rows.some((r) => r.id === n.id)).map((n) => [n.target, n]),
    );
    expect(byTarget['13900000001']).toMatchObject({ state: 1, error: null });
    expect(byTarget['13900000009']).toMatchObject({
      state: 2,
      error: 'Aliyun SendSms: HTTP 200 isv.MOBILE_NUMBER_ILLEGAL 非法手机号',
    });
  });
});
