/**
 * A new SOS first, always (docs/decisions.md): the push lanes put a new critical alarm's first push ahead of
 * every reminder (src/server/push/lanes.ts), and an escalation's rings are coalesced per console
 * into one reminder per interval listing the open SOS (src/server/push/reminders.ts). A fake
 * broker records the order; the service's clock is the test's.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SOS_REMINDER_LISTED, type SosPush } from '../../../src/shared/alarms/push';
import { PushLanes } from '../../../src/server/push/lanes';
import { REMIND_MS } from '../../../src/server/push/reminders';
import { PushService } from '../../../src/server/push/service';
import type { VoiceProvider } from '../../../src/server/voice';
import { alarmContext, alarmRecord } from '../push-helper';

const USERS = Array.from({ length: 1_000 }, (_, i) => 100 + i);

function service(opts: { backlog?: () => number } = {}) {
  const clock = { now: 0 };
  const sent: { topic: string; body: SosPush & { alarm?: { id: number } } }[] = [];
  const spoken: { ids: Iterable<number>; text: string }[] = [];
  const push = new PushService({
    broker: {
      publish: (topic, payload) => {
        sent.push({ topic, body: JSON.parse(payload.toString()) as SosPush });
        return Promise.resolve();
      },
      backlog: opts.backlog,
    },
    recipients: { get: () => Promise.resolve(USERS), invalidate: () => {} },
    voice: {} as VoiceProvider,
    sockets: { send: (ids, n) => (spoken.push({ ids, text: (n as { msgContent: string }).msgContent }), 0) },
    log: { error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger,
    now: () => clock.now,
    watchers: () => Promise.resolve([]),
    duty: () => Promise.resolve(undefined),
  });
  return { push, sent, spoken, clock };
}

const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const openSos = (n: number, from = 10_000) =>
  Array.from({ length: n }, (_, i) =>
    alarmRecord({ id: from + i, tenantId: 1, imei: `8690000000${String(i).padStart(5, '0')}`, type: 15 }),
  );

describe("an escalation's rings", () => {
  it('reach each console as one reminder listing its open SOS, the newest first, not one ring per alarm', async () => {
    const { push, sent, spoken } = service();
    const open = openSos(300);
    for (const a of open) await push.ring(USERS, a, alarmContext());
    expect(sent).toHaveLength(0);
    push.reminders.flush();
    await turns();
    expect(sent).toHaveLength(USERS.length);
    expect(new Set(sent.map((s) => s.topic)).size).toBe(USERS.length);
    const body = sent[0]!.body;
    expect(body.code).toBe('9003');
    expect(body.openCount).toBe(300);
    expect(body.alarmId).toBe(open.at(-1)!.id);
    expect(body.open!.map((o) => o.alarmId)).toEqual(
      open
        .slice(-SOS_REMINDER_LISTED)
        .reverse()
        .map((a) => a.id),
    );
    // One spoken reminder per console too.
    expect(spoken).toHaveLength(USERS.length);
    expect(spoken[0]!.text).toContain('300');
  });

  it('remind a console at most once per interval; rings in between wait for its next reminder', async () => {
    const { push, sent, clock } = service();
    const [a, b] = openSos(2);
    await push.ring([1, 2], a!, alarmContext());
    push.reminders.flush();
    await turns();
    expect(sent.map((s) => s.topic)).toEqual(['acm/1/web', 'acm/2/web']);
    // Rung again within the interval: console 1 waits; console 3, never reminded, goes at once.
    clock.now = REMIND_MS - 1;
    await push.ring([1, 3], b!, alarmContext());
    await push.ring([1], a!, alarmContext());
    push.reminders.flush();
    await turns();
    expect(sent.map((s) => s.topic)).toEqual(['acm/1/web', 'acm/2/web', 'acm/3/web']);
    expect(push.waiting.reminders).toBe(1);
    clock.now = REMIND_MS;
    push.reminders.flush();
    await turns();
    expect(sent).toHaveLength(4);
    const last = sent[3]!;
    expect(last.topic).toBe('acm/1/web');
    // Both open alarms, a rung again last (the newest ring first in the list), each once.
    expect(last.body.openCount).toBe(2);
    expect(last.body.open!.map((o) => o.alarmId)).toEqual([a!.id, b!.id]);
  });

  it('leave out an alarm taken or handled after it was rung; a console with nothing left gets no reminder', async () => {
    const { push, sent } = service();
    const [a, b, c] = openSos(3);
    await push.ring([1, 2], a!, alarmContext());
    await push.ring([1], b!, alarmContext());
    await push.ring([2], c!, alarmContext());
    push.updated(1, [a!.id], { ackedAt: '2026-11-29T08:00:00.000Z', ackedByName: 'Operator' });
    push.updated(1, [c!.id], { handleState: 1 });
    push.updated(1, [b!.id], { read: 1 });
    push.reminders.flush();
    await turns();
    const reminders = sent.filter((s) => s.body.openCount !== undefined);
    expect(reminders.map((s) => s.topic)).toEqual(['acm/1/web']);
    expect(reminders[0]!.body.open!.map((o) => o.alarmId)).toEqual([b!.id]);
    expect(push.waiting.reminders).toBe(0);
  });

  it('send the record (9001) of another critical alarm, once per alarm per reminder', async () => {
    const { push, sent } = service();
    const fall = alarmRecord({ id: 500, tenantId: 1, imei: '869000000000001', type: 13, level: 3 });
    const [sos] = openSos(1);
    await push.ring([1], fall, alarmContext());
    await push.ring([1], fall, alarmContext());
    await push.ring([1], sos!, alarmContext());
    push.reminders.flush();
    await turns();
    expect(sent.map((s) => s.body.code)).toEqual(['9003', '9001']);
    expect(sent[1]!.body.alarm!.id).toBe(500);
  });
});

describe('a new SOS', () => {
  it('goes to every console ahead of the reminders already waiting', async () => {
    const { push, sent } = service();
    for (const a of openSos(300)) await push.ring(USERS, a, alarmContext());
    push.reminders.flush();
    push.raised(alarmRecord({ id: 1, tenantId: 1, imei: '869000000000002', type: 15 }), alarmContext());
    await turns(40);
    const kinds = sent.map((s) =>
      s.body.code === '9003' ? (s.body.openCount === undefined ? 'sos' : 'reminder') : 'record',
    );
    expect(kinds.filter((k) => k === 'sos')).toHaveLength(USERS.length);
    expect(kinds.filter((k) => k === 'reminder')).toHaveLength(USERS.length);
    expect(kinds.filter((k) => k === 'record')).toHaveLength(USERS.length);
    // Every notice first, then the SOS's records (ahead of reminders too), then the reminders.
    const firstReminder = kinds.indexOf('reminder');
    expect(kinds.lastIndexOf('sos')).toBeLessThan(firstReminder);
    expect(kinds.lastIndexOf('record')).toBeLessThan(firstReminder);
  });

  it('goes out while the broker is backed up; the reminders wait until it is not', async () => {
    let backlog = 1_000;
    const { push, sent } = service({ backlog: () => backlog });
    for (const a of openSos(3)) await push.ring(USERS.slice(0, 10), a, alarmContext());
    push.reminders.flush();
    push.raised(alarmRecord({ id: 2, tenantId: 1, imei: '869000000000003', type: 13, level: 3 }), alarmContext());
    await turns();
    // The critical alarm's record is urgent; the reminders are held.
    expect(sent.map((s) => s.body.code)).toEqual(USERS.map(() => '9001'));
    backlog = 0;
    await new Promise((r) => setTimeout(r, 20));
    await turns();
    expect(sent.slice(USERS.length).map((s) => s.body.openCount)).toEqual(Array.from({ length: 10 }, () => 3));
  });
});

describe('the push lanes', () => {
  it('hand the broker at most perTurn publishes per turn, urgent first, each lane in order', async () => {
    const order: string[] = [];
    const perTurn: number[] = [];
    let thisTurn = 0;
    const lanes = new PushLanes({
      publish: (topic) => (order.push(topic), thisTurn++, Promise.resolve()),
      perTurn: 3,
    });
    const done = Promise.all([
      lanes.send('reminder', ['r1', 'r2'], Buffer.from('{}'), 1),
      lanes.send('normal', ['n1', 'n2'], Buffer.from('{}'), 1),
      lanes.send('urgent', ['u1', 'u2', 'u3', 'u4'], Buffer.from('{}'), 1),
    ]);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      perTurn.push(thisTurn);
      thisTurn = 0;
    }
    await done;
    expect(order).toEqual(['u1', 'u2', 'u3', 'u4', 'n1', 'n2', 'r1', 'r2']);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(3);
  });
});
