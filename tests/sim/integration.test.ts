/**
 * The simulator end to end: the service with its embedded broker on a TCP port, two virtual
 * devices (random IMEIs, one JSON and one CBOR) over real MQTT, their data seen through the API,
 * and a console command acknowledged by the device.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../src/shared/codes';
import type { CommandAnswer, DeviceDetail, DeviceSecretRow } from '../../src/shared/devices/api';
import { DEFAULT_SETTINGS } from '../../src/shared/devices/settings';
import { deviceCommands } from '../../src/server/db/schema';
import { VirtualDevice } from '../../src/sim/device';
import { buildTestApp, login, post, type TestApp } from '../server/helper';

const imei = () => `8698${String(randomInt(0, 1e9)).padStart(11, '0')}`;

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('simulator against the service', () => {
  let t: TestApp;
  let token: string;
  const sims: VirtualDevice[] = [];
  const helmet = { imei: imei(), kind: 'helmet' as const, messageType: 'json' as const };
  const gas = { imei: imei(), kind: 'gas' as const, messageType: 'cbor' as const };

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    if (t.app.broker.kind !== 'embedded') throw new Error('expected the embedded broker');
    const port = await t.app.broker.listenTcp(0, '127.0.0.1');
    ({ token } = await login(t.app, 'demo', 'demo123'));
    for (const d of [helmet, gas]) {
      const added = await post(
        t.app,
        '/api/device/device/add',
        { imei: d.imei, kind: d.kind, name: `sim ${d.kind}`, messageType: d.messageType },
        { token },
      );
      expect(added.code, added.msg).toBe(0);
    }
    const secrets = await post<{ rows: DeviceSecretRow[] }>(
      t.app,
      '/api/device/device/secrets',
      { imeis: [helmet.imei, gas.imei] },
      { token },
    );
    expect(secrets.code, secrets.msg).toBe(0);
    for (const d of [helmet, gas]) {
      const secret = secrets.data.rows.find((r) => r.imei === d.imei)!.secret;
      const sim = new VirtualDevice({ ...d, scenario: 'construction', lat: 22.5431, lon: 114.0579 }, secret, {
        url: `mqtt://127.0.0.1:${port}`,
        intervalS: 1,
      });
      sims.push(sim);
      await sim.start();
    }
  });

  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t?.close();
  });

  const detail = async (i: string) => {
    const res = await post<DeviceDetail>(t.app, '/api/device/device/detail', { imei: i }, { token });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };

  it('shows both devices online with their latest readings', async () => {
    for (const d of [helmet, gas]) {
      const got = await eventually(`${d.kind} online with readings`, async () => {
        const row = await detail(d.imei);
        return row.state === DEVICE_STATE.online && Object.keys(row.lastValues).length > 0 ? row : undefined;
      });
      expect(got.lastCommunicationAt).toBeTruthy();
    }
    const h = await detail(helmet.imei);
    expect(h.lastValues.heartRate).toBeGreaterThanOrEqual(60);
    expect(h.battery).not.toBeNull();
    await eventually('the helmet position', async () => ((await detail(helmet.imei)).lat !== null ? true : undefined));
    const g = await detail(gas.imei);
    expect(g.lastValues.gas).toBeGreaterThanOrEqual(0);
    expect(sims.every((s) => s.connected)).toBe(true);
  });

  it('acknowledges a command sent from the console', async () => {
    const sent = await post<CommandAnswer>(
      t.app,
      '/api/device/command/send',
      { imei: helmet.imei, cmd: 'locate', params: {} },
      { token },
    );
    expect(sent.code, sent.msg).toBe(0);
    const row = await eventually('the ack', async () => {
      const [r] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, sent.data.id));
      return r?.ackOk === null || r?.ackOk === undefined ? undefined : r;
    });
    expect(row.ackOk).toBe(true);
    expect(row.ackMsg).toBe('located');
    expect(sims[0]!.brain.answered).toBe(1);
  });

  it('acknowledges a CBOR command changing device state', async () => {
    const sent = await post<CommandAnswer>(
      t.app,
      '/api/device/command/send',
      { imei: gas.imei, cmd: 'valve', params: { action: 'close' } },
      { token },
    );
    expect(sent.code, sent.msg).toBe(0);
    const row = await eventually('the valve ack', async () => {
      const [r] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, sent.data.id));
      return r?.ackOk === null || r?.ackOk === undefined ? undefined : r;
    });
    expect(row).toMatchObject({ ackOk: true, ackMsg: 'valve close' });
    expect(sims[1]!.brain.valve).toBe('close');
  });

  it('applies settings pushed from the console and acknowledges them', async () => {
    const settings = { ...DEFAULT_SETTINGS, positionInterval: 2 };
    const saved = await post(t.app, '/api/device/settings/save', { imei: helmet.imei, settings }, { token });
    expect(saved.code, saved.msg).toBe(0);
    const got = await eventually('the settings ack', async () => {
      const d = await detail(helmet.imei);
      return d.settingsVersion > 0 && d.settingsAckedVersion === d.settingsVersion ? d : undefined;
    });
    expect(got.settingsAckedVersion).toBeGreaterThan(0);
    expect(sims[0]!.brain.locationIntervalS).toBe(120);
  });

  it('restarts on command and comes back online', async () => {
    const sent = await post<CommandAnswer>(
      t.app,
      '/api/device/command/send',
      { imei: gas.imei, cmd: 'restart', params: {} },
      { token },
    );
    expect(sent.code, sent.msg).toBe(0);
    await eventually('the restart ack', async () => {
      const [r] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, sent.data.id));
      return r?.ackOk ? r : undefined;
    });
    await eventually('the reconnect', async () => (sims[1]!.connected ? true : undefined), 10_000);
    await eventually('online again', async () =>
      (await detail(gas.imei)).state === DEVICE_STATE.online ? true : undefined,
    );
  });
});
