/**
 * Voice notices across replicas: on an external broker the replica that raises a critical alarm is
 * not the one holding the console's voice socket, so the notice travels through the broker.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VOICE_WS_PATH, voiceNoticeSchema } from '../../../src/shared/alarms/push';
import { tenantId } from '../fixtures';
import { buildReplica, buildTestApp, login, type TestApp } from '../helper';
import { alarmContext, alarmRecord, sleep } from '../push-helper';

const MQTT_URL = process.env.MQTT_URL;

describe.skipIf(!MQTT_URL || !process.env.DATABASE_URL)('voice notices between two service instances', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let ws: WebSocket | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    second = await buildReplica(t);
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    ws?.terminate();
    await second?.close();
    await t?.close();
  });

  it('a critical alarm raised on one instance is spoken on a console connected to the other', async () => {
    const { token } = await login(t.app, 'demo', 'demo123');
    ws = new WebSocket(`ws://127.0.0.1:${(second.server.address() as AddressInfo).port}${VOICE_WS_PATH}`);
    ws.once('open', () => ws!.send(JSON.stringify({ type: 'auth', token })));
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise<void>((resolve, reject) => ws!.once('open', () => resolve()).once('error', reject));
    ws.send(JSON.stringify({ type: 'ping' }));
    const demoTenant = await tenantId(t.app, 'Demo Site');
    // The second instance subscribes to the fan-out topic once its broker connection is up: retry until it hears.
    let notice: unknown;
    for (let i = 0; i < 40 && notice === undefined; i++) {
      t.app.alarmHub.emit(
        'raised',
        alarmRecord({ tenantId: demoTenant, imei: '860100000000001', type: 15, level: 3 }),
        alarmContext(),
      );
      await sleep(150);
      notice = frames.map((f) => voiceNoticeSchema.safeParse(safeJson(f))).find((r) => r.success)?.data;
    }
    expect(frames[0]).toBe('pong');
    expect(notice).toMatchObject({ level: 3 });
    expect((notice as { msgContent: string }).msgContent).toContain('SOS');
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
