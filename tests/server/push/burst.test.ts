/**
 * A burst of pushes on the embedded broker (docs/decisions.md "A burst of pushes cannot crash the
 * broker"): one SOS to 5,000 consoles while 300 open
 * SOS are re-rung, with real MQTT connections among them holding deliveries the way a loaded
 * console does, and a raw burst of 20,000 publishes past the push lanes. Aedes' emitter drained
 * such a queue by recursion and overflowed the stack (src/server/broker/mq-drain.ts); the push
 * lanes keep the service's own pushes out of that queue, a new SOS first (src/server/push/lanes.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import type { Principal } from '../../../src/server/broker/acl';
import { createEmbeddedBroker } from '../../../src/server/broker/embedded';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { PushService } from '../../../src/server/push/service';
import type { VoiceProvider } from '../../../src/server/voice';
import { alarmContext, alarmRecord } from '../push-helper';

const CONSOLES = 5_000;
/** Consoles connected over TCP: their deliveries finish a turn later, so the broker's 100 at once fill up. */
const TCP_CONSOLES = 200;
const OPEN_SOS = 300;
const USERS = Array.from({ length: CONSOLES }, (_, i) => 1_000 + i);

let broker: EmbeddedBroker;
let push: PushService;
let now = 0;
const clients: MqttClient[] = [];
/** Per console, what it received: the new SOS's notice, reminders and other messages. */
const got = new Map<number, { sos: number; reminders: number; other: number }>();

function receive(userId: number, payload: Buffer, newId: () => number | undefined) {
  const body = JSON.parse(payload.toString()) as { code: string; alarmId?: number; openCount?: number };
  const c = got.get(userId)!;
  if (body.code === '9003' && body.openCount !== undefined) c.reminders++;
  else if (body.code === '9003' && body.alarmId === newId()) c.sos++;
  else c.other++;
}

let newSos: number | undefined;

beforeAll(async () => {
  broker = await createEmbeddedBroker({
    authenticate: async (username) =>
      ({
        kind: 'console',
        userId: Number(username),
        tokenHash: `t${username}`,
        tenantId: 1,
        superAdmin: false,
      }) as Principal,
    authorizeSubscribe: async () => true,
    authorizeConsolePublish: async () => false,
    onError: () => {},
  });
  const url = `mqtt://127.0.0.1:${await broker.listenTcp(0, '127.0.0.1')}`;
  for (const id of USERS) got.set(id, { sos: 0, reminders: 0, other: 0 });
  // The TCP consoles, a few at a time (2 cores shared), then the in-process ones.
  for (let i = 0; i < TCP_CONSOLES; i += 50) {
    await Promise.all(
      USERS.slice(i, i + 50).map(async (id) => {
        const client = await mqtt.connectAsync(url, {
          username: String(id),
          password: 'x',
          clientId: `user_${id}`,
          reconnectPeriod: 0,
        });
        clients.push(client);
        client.on('message', (_topic, payload) => receive(id, payload, () => newSos));
        await client.subscribeAsync(topics.userWeb(id), { qos: 1 });
      }),
    );
  }
  await Promise.all(
    USERS.slice(TCP_CONSOLES).map((id) =>
      broker.subscribe(topics.userWeb(id), (_topic, payload) => receive(id, payload, () => newSos)),
    ),
  );
  push = new PushService({
    broker,
    recipients: { get: () => Promise.resolve(USERS), invalidate: () => {} },
    voice: {} as VoiceProvider,
    sockets: { send: () => 0 },
    log: { error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger,
    now: () => now,
    watchers: () => Promise.resolve([]),
    duty: () => Promise.resolve(undefined),
  });
}, 120_000);

afterAll(async () => {
  push?.close();
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  await broker?.close();
});

/** Until every console has `done` true, or `ms` passed. */
async function until(done: (c: { sos: number; reminders: number; other: number }) => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end && ![...got.values()].every(done)) await new Promise((r) => setTimeout(r, 20));
}

describe('a burst of pushes on the embedded broker', () => {
  it('brings one SOS to 5,000 consoles while 300 open SOS are re-rung, nothing crashing', async () => {
    const open = Array.from({ length: OPEN_SOS }, (_, i) =>
      alarmRecord({ id: 10_000 + i, tenantId: 1, imei: `86900000000${String(i).padStart(4, '0')}`, type: 15 }),
    );
    // The escalation's `repeat` steps ring every console for every open SOS...
    for (const a of open) await push.ring(USERS, a, alarmContext());
    push.reminders.flush();
    // ...and, the reminders under way, a new SOS is raised.
    newSos = 20_000;
    push.raised(alarmRecord({ id: newSos, tenantId: 1, imei: '869000000009999', type: 15, level: 3 }), alarmContext());
    // Another round of rings, within the interval: it waits for the console's next reminder.
    now += 1_000;
    for (const a of open) await push.ring(USERS, a, alarmContext());
    push.reminders.flush();
    await until((c) => c.sos === 1 && c.reminders === 1);
    const counts = [...got.values()];
    expect(counts.filter((c) => c.sos === 1).length).toBe(CONSOLES);
    // One reminder each, listing the 300, not 300 rings each.
    expect(counts.filter((c) => c.reminders === 1).length).toBe(CONSOLES);
    expect(push.waiting).toEqual({ pushes: 0, reminders: CONSOLES });
  }, 120_000);

  it('survives 20,000 publishes handed to the broker at once, past the push lanes (a fan-out of commands)', async () => {
    for (const c of got.values()) c.other = 0;
    const delivered = Promise.all(
      Array.from({ length: 20_000 }, (_, i) =>
        broker.publish(topics.userWeb(USERS[i % CONSOLES]!), { code: '9010', title: 't', content: `${i}` }, { qos: 0 }),
      ),
    );
    // The deliveries to the TCP consoles finish a turn later: the rest waits in the emitter's queue.
    expect(broker.backlog?.()).toBeGreaterThan(10_000);
    await delivered;
    await until((c) => c.other === 4);
    expect([...got.values()].filter((c) => c.other === 4).length).toBe(CONSOLES);
  }, 120_000);
});
