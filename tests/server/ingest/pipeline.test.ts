import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnownDevice } from '../../../src/server/devices/hub';
import { STAGES, UplinkPipeline, type StageName } from '../../../src/server/ingest/pipeline';
import type { Uplink } from '../../../src/shared/devices/protocol';
import { topics } from '../../../src/shared/topics';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, until } from '../ingest-helper';

const device = { id: 1, imei: '860000000000001', tenantId: 1, kind: 'watch' } as KnownDevice;
const message: Uplink = { kind: 'alarm', alarm: 'sos' };
const quietLog = () => ({ error: vi.fn() });

describe('the uplink pipeline (src/server/ingest/pipeline.ts)', () => {
  it('names its stages in this order, an outside observer last', () => {
    expect(STAGES).toEqual([
      'commands',
      'alarms',
      'fences',
      'attendance',
      'push',
      'positions',
      'dashboard',
      'integrations',
      'access-card',
      'access-event',
      'advertisement',
      'monitored-person',
      'observer',
    ]);
  });

  it.each(STAGES.map((name, i) => [name, i] as const))(
    "runs '%s' in its place (%i) whatever order the stages were filled in",
    (name, place) => {
      const pipeline = new UplinkPipeline(quietLog());
      const ran: StageName[] = [];
      // Filled backwards, as plugins registered late would be.
      for (const s of [...STAGES].reverse()) pipeline.use(s, () => ran.push(s));
      pipeline.run(device, message, new Date(), true);
      expect(ran.indexOf(name)).toBe(place);
      expect(ran).toHaveLength(STAGES.length);
    },
  );

  it('passes every stage the same message, receive time and urgency', () => {
    const pipeline = new UplinkPipeline(quietLog());
    const seen: unknown[][] = [];
    pipeline.use('alarms', (...args) => seen.push(args));
    pipeline.use('push', (...args) => seen.push(args));
    const at = new Date();
    pipeline.run(device, message, at, true);
    pipeline.run(device, message, at, false);
    expect(seen).toEqual([
      [device, message, at, true],
      [device, message, at, true],
      [device, message, at, false],
      [device, message, at, false],
    ]);
  });

  it('logs a stage that throws with its name, and still runs the stages after it', () => {
    const log = quietLog();
    const pipeline = new UplinkPipeline(log);
    const ran: StageName[] = [];
    pipeline.use('alarms', () => ran.push('alarms'));
    pipeline.use('fences', () => {
      throw new Error('stage bug');
    });
    pipeline.use('push', () => ran.push('push'));
    pipeline.use('observer', () => ran.push('observer'));
    pipeline.run(device, message, new Date(), false);
    expect(ran).toEqual(['alarms', 'push', 'observer']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ stage: 'fences', imei: device.imei });
  });

  it('holds one stage per slot; a released slot can be taken again, and only its own release frees it', () => {
    const pipeline = new UplinkPipeline(quietLog());
    const first = pipeline.use('fences', () => {});
    expect(() => pipeline.use('fences', () => {})).toThrow(/already in use/);
    expect(pipeline.order).toEqual(['fences']);
    first();
    expect(pipeline.size).toBe(0);
    const ran: string[] = [];
    pipeline.use('fences', () => ran.push('second'));
    first(); // a stale release leaves the new stage in place
    pipeline.run(device, message, new Date(), false);
    expect(ran).toEqual(['second']);
  });
});

describe('the service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('fills every stage but the observer, in the order of STAGES, and leaves the observer to a watcher', () => {
    expect(t.app.uplinks.order).toEqual(STAGES.filter((s) => s !== 'observer'));
    const release = t.app.uplinks.use('observer', () => {});
    expect(t.app.uplinks.order).toEqual(STAGES);
    expect(() => t.app.uplinks.use('observer', () => {})).toThrow(/already in use/);
    release();
    expect(t.app.uplinks.order).not.toContain('observer');
  });

  it("hands every stage the ingest's urgency verdict (Ingest.admit decides it; the alarm engine takes it as given)", async () => {
    const [d] = await addDevices(t.app, 1, { kind: 'watch' });
    const run = vi.spyOn(t.app.uplinks, 'run');
    let calls: Parameters<UplinkPipeline['run']>[] = [];
    const raised: number[] = [];
    const onRaised = (a: { imei: string; type: number }) => a.imei === d!.imei && raised.push(a.type);
    t.app.alarmHub.on('raised', onRaised);
    try {
      const send = (m: object) => t.app.ingest.handle(topics.deviceUp(d!.imei), Buffer.from(JSON.stringify(m)), null);
      send({ kind: 'telemetry', id: 'reading', values: { steps: 10 } });
      send({ kind: 'alarm', id: 'sos', alarm: 'sos' });
      await t.app.ingest.drain();
      await t.app.alarmEngine.drain();
      await until(() => raised.length > 0, 10_000, 'the SOS raised');
    } finally {
      t.app.alarmHub.off('raised', onRaised);
      calls = [...run.mock.calls];
      run.mockRestore();
    }
    const mine = calls.filter(([x]) => x.imei === d!.imei);
    expect(mine.map(([, m, , urgent]) => [m.kind, urgent])).toEqual(
      expect.arrayContaining([
        ['telemetry', false],
        ['alarm', true],
      ]),
    );
    expect(mine).toHaveLength(2);
  });
});
