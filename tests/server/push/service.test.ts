/** PushService's order of an SOS's pushes, with a fake broker (src/server/push/service.ts). */
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushService, SOS_LEAD_MS } from '../../../src/server/push/service';
import type { VoiceProvider } from '../../../src/server/voice';
import { alarmContext, alarmRecord } from '../push-helper';

const USERS = [11, 12, 13];

function service(held: (topic: string, code: string) => boolean = () => false) {
  const sent: string[] = [];
  const gate = { held: 0 };
  const publish = (topic: string, payload: string | Buffer | object) => {
    const code = String((JSON.parse(payload.toString()) as { code: string }).code);
    sent.push(`${code} ${topic}`);
    // A console that does not take its message: the broker's promise never settles.
    return held(topic, code) ? new Promise<void>(() => {}) : Promise.resolve();
  };
  const push = new PushService({
    broker: { publish },
    recipients: { get: () => Promise.resolve(USERS), invalidate: () => {} },
    voice: {} as VoiceProvider,
    sockets: { send: () => 0 },
    log: { error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger,
    now: () => 0,
    watchers: () => Promise.resolve([]),
    duty: () => Promise.resolve(undefined),
    priority: {
      enter: () => {
        gate.held++;
        return () => void gate.held--;
      },
    },
  });
  return { push, sent, gate, codes: () => sent.map((s) => s.split(' ')[0]) };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

afterEach(() => vi.useRealTimers());

describe('an SOS pushed to the consoles', () => {
  it('sends every console its notice (9003) before any alarm record (9001), then the records', async () => {
    const { push, sent, codes } = service();
    push.raised(alarmRecord({ tenantId: 1, imei: '869000000000001' }), alarmContext());
    await turns();
    expect(codes()).toEqual(['9003', '9003', '9003', '9001', '9001', '9001']);
    expect(sent.slice(3)).toEqual(USERS.map((id) => `9001 acm/${id}/web`));
  });

  it('holds the records for a console slow to take its notice no longer than SOS_LEAD_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { push, codes } = service((topic, code) => code === '9003' && topic === 'acm/12/web');
    push.raised(alarmRecord({ tenantId: 1, imei: '869000000000001' }), alarmContext());
    await turns();
    expect(codes()).toEqual(['9003', '9003', '9003']);
    await vi.advanceTimersByTimeAsync(SOS_LEAD_MS);
    await turns();
    expect(codes()).toEqual(['9003', '9003', '9003', '9001', '9001', '9001']);
  });

  it('holds the priority gate for the notices only: the records go out as work of their own', async () => {
    const { push, gate, codes } = service((_topic, code) => code === '9001');
    push.raised(alarmRecord({ tenantId: 1, imei: '869000000000001' }), alarmContext());
    expect(gate.held).toBe(1);
    await turns();
    expect(codes()).toEqual(['9003', '9003', '9003', '9001', '9001', '9001']);
    // The records are not delivered (the fake broker holds them), yet background writers may go on.
    expect(gate.held).toBe(0);
  });

  it('sends other alarms their record alone, at once', async () => {
    const { push, codes } = service();
    push.raised(alarmRecord({ tenantId: 1, imei: '869000000000001', type: 13 }), alarmContext());
    await turns();
    expect(codes()).toEqual(['9001', '9001', '9001']);
  });
});
