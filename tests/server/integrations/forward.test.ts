import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { connect, type ChannelModel, type Channel, type ConsumeMessage } from 'amqplib';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_EVENT_TABLE } from '../../../src/shared/integration-events';
import { AmqpTransport, MqttTransport, type ForwardTarget } from '../../../src/server/integrations/forward';
import {
  INTEGRATION_EVENT_TYPES,
  type Delivery,
  type IntegrationEvent,
  type IntegrationEventType,
} from '../../../src/server/integrations/target';

/**
 * The forwarding transports (docs/integrations.md "Forwarding to a broker") against the machine's
 * RabbitMQ (127.0.0.1:5672, guest/guest) and Mosquitto (127.0.0.1:1883), which CI runs as
 * services: a broker that is not there fails the run, it does not skip it.
 */
const AMQP_URL = process.env.FORWARD_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const MQTT_URL = process.env.FORWARD_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const RUN = randomBytes(4).toString('hex');
const EXCHANGE = `console.events.test-${RUN}`;
const AT = '2026-03-01T08:00:00.000Z';

let consumer: ChannelModel;
let ch: Channel;

function event(type: IntegrationEventType, tenantId = 12, data: Record<string, unknown> = {}): IntegrationEvent {
  return { id: randomUUID(), version: 1, type, tenantId, occurredAt: AT, data };
}
const delivery = (e: IntegrationEvent, outboxId = 1): Delivery => ({ outboxId, event: e, attempts: 0 });

function amqpTarget(url = AMQP_URL): ForwardTarget {
  return {
    id: 1,
    tenantId: 12,
    kind: 'amqp',
    url,
    exchange: EXCHANGE,
    routingKey: '{tenantId}.{type}',
    topicPrefix: '',
  };
}

/** A queue of this run bound to the exchange, and what arrives on it. */
async function boundQueue(pattern: string): Promise<{ got: ConsumeMessage[]; name: string }> {
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
  const { queue } = await ch.assertQueue(`forward-test-${RUN}-${randomBytes(3).toString('hex')}`, {
    exclusive: true,
  });
  await ch.bindQueue(queue, EXCHANGE, pattern);
  const got: ConsumeMessage[] = [];
  await ch.consume(queue, (m) => m && got.push(m), { noAck: true });
  return { got, name: queue };
}

async function until(what: string, check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A TCP relay to the broker whose connections the test cuts, as a broker restart or a network would. */
async function relay(
  port: number,
): Promise<{ url: string; cut(): void; holdReplies(on: boolean): void; close(): Promise<void> }> {
  const pairs = new Set<[Socket, Socket]>();
  let hold = false;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(port, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      if (!hold) client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayPort = (server.address() as AddressInfo).port;
  return {
    url: `amqp://guest:guest@127.0.0.1:${relayPort}`,
    cut: () => {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
    },
    holdReplies: (on) => void (hold = on),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  try {
    consumer = await connect(AMQP_URL, { timeout: 5_000 });
  } catch (err) {
    throw new Error(
      `RabbitMQ is not reachable at ${AMQP_URL.replace(/:[^:@/]*@/, ':***@')} (${(err as Error).message}): ` +
        'the forwarding tests need it (CI runs it as a service; locally `apt install rabbitmq-server`)',
    );
  }
  ch = await consumer.createChannel();
});

afterAll(async () => {
  await ch?.deleteExchange(EXCHANGE).catch(() => {});
  await consumer?.close().catch(() => {});
});

describe('forwarding events', () => {
  it('offers every event type of the contract but the test event to subscribe to', () => {
    expect(INTEGRATION_EVENT_TABLE.map((e) => e.value)).toEqual(INTEGRATION_EVENT_TYPES.filter((t) => t !== 'test'));
  });
});

describe('AMQP transport', () => {
  it('publishes a confirmed, persistent JSON message with the routing key, message id, type and headers', async () => {
    const q = await boundQueue('12.alarm.*');
    const transport = new AmqpTransport();
    try {
      const e = event('alarm.raised', 12, { alarmId: 7, imei: '860000000000001' });
      const other = event('device.position', 12, { lat: 31.2 });
      const results = await transport.deliver(amqpTarget(), [delivery(e, 1), delivery(other, 2)]);
      expect(results).toHaveLength(2);
      expect(results.every((r) => r.ok && !r.retry && r.durationMs >= 0)).toBe(true);
      // The confirm means the broker has routed it: the bound queue holds it (only the alarm: the pattern says so).
      await until('the alarm on the bound queue', () => q.got.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(q.got).toHaveLength(1);
      const m = q.got[0]!;
      expect(m.fields.routingKey).toBe('12.alarm.raised');
      expect(m.fields.exchange).toBe(EXCHANGE);
      expect(JSON.parse(m.content.toString())).toEqual(e);
      expect(m.properties).toMatchObject({
        messageId: e.id,
        type: 'alarm.raised',
        contentType: 'application/json',
        deliveryMode: 2,
        timestamp: Date.parse(AT) / 1000,
        headers: { 'tenant-id': 12, 'event-version': 1 },
      });
      expect(transport.openConnections).toBe(1);
    } finally {
      await transport.close();
    }
    expect(transport.openConnections).toBe(0);
  });

  it('keeps one connection per URL and asserts the exchange a durable topic exchange', async () => {
    const transport = new AmqpTransport();
    try {
      for (let i = 0; i < 3; i++) {
        const [r] = await transport.deliver(amqpTarget(), [delivery(event('device.online'))]);
        expect(r!.ok).toBe(true);
      }
      expect(transport.openConnections).toBe(1);
      // Asserting it with other properties fails: it is the durable topic exchange the transport declared.
      const probe = await consumer.createChannel();
      probe.on('error', () => {});
      await expect(probe.assertExchange(EXCHANGE, 'fanout', { durable: true })).rejects.toThrow(/PRECONDITION_FAILED/);
      await expect(ch.checkExchange(EXCHANGE)).resolves.toBeDefined();
    } finally {
      await transport.close();
    }
  });

  it('reports a broker that is not there as a failure to retry, at once and without the password', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const transport = new AmqpTransport({ connectTimeoutMs: 2_000 });
    try {
      const url = `amqp://forwarder:Sup3r-s3cret@127.0.0.1:${port}`;
      const results = await transport.deliver(amqpTarget(url), [
        delivery(event('alarm.raised')),
        delivery(event('alarm.handled')),
      ]);
      expect(results.map((r) => [r.ok, r.retry])).toEqual([
        [false, true],
        [false, true],
      ]);
      expect(results[0]!.excerpt).toMatch(/ECONNREFUSED/);
      // Within the backoff the next call fails at once, saying why, without trying again.
      const again = await transport.deliver(amqpTarget(url), [delivery(event('alarm.raised'))]);
      expect(again[0]).toMatchObject({ ok: false, retry: true });
      expect(again[0]!.excerpt).toMatch(/broker away .*next attempt in/);
      for (const r of [...results, ...again]) expect(r.excerpt).not.toContain('Sup3r-s3cret');
    } finally {
      await transport.close();
    }
  });

  it('fails the unconfirmed deliveries with retry when the connection drops mid-way, and the next attempt reconnects', async () => {
    const q = await boundQueue('12.#');
    const r = await relay(5672);
    const transport = new AmqpTransport();
    try {
      const first = event('alarm.raised');
      expect((await transport.deliver(amqpTarget(r.url), [delivery(first)]))[0]!.ok).toBe(true);

      // The broker takes the batch but its confirms never come back: the connection is cut first.
      r.holdReplies(true);
      const batch = Array.from({ length: 50 }, () => delivery(event('device.position')));
      const pending = transport.deliver(amqpTarget(r.url), batch);
      await new Promise((res) => setTimeout(res, 300));
      r.cut();
      r.holdReplies(false);
      const lost = await pending;
      expect(lost).toHaveLength(50);
      expect(lost.every((x) => !x.ok && x.retry)).toBe(true);

      // The outbox's retry: the transport has reopened (or reopens now) and the broker confirms.
      const retried = await transport.deliver(amqpTarget(r.url), batch);
      expect(retried.every((x) => x.ok)).toBe(true);
      const ids = new Set(batch.map((d) => d.event.id));
      await until('every retried position on the queue', () => {
        const seen = new Set(q.got.map((m) => m.properties.messageId as string));
        return [...ids].every((id) => seen.has(id));
      });
      expect(transport.openConnections).toBe(1);
    } finally {
      await transport.close();
      await r.close();
    }
  });
});

describe('MQTT transport', () => {
  it('publishes with QoS 1, not retained, on the prefix and the type as a topic, waiting for the PUBACK', async () => {
    const sub = mqtt.connect(MQTT_URL, { clientId: `forward-test-${RUN}`, connectTimeout: 5_000, reconnectPeriod: 0 });
    try {
      await new Promise<void>((resolve, reject) => {
        sub.once('connect', () => resolve());
        sub.once('error', (err) =>
          reject(new Error(`Mosquitto is not reachable at ${MQTT_URL} (${err.message}): the forwarding tests need it`)),
        );
      });
      const prefix = `console-test-${RUN}/{tenantId}/`;
      await sub.subscribeAsync(`console-test-${RUN}/#`, { qos: 1 });
      const got: { topic: string; payload: Buffer; qos: number; retain: boolean }[] = [];
      sub.on('message', (topic, payload, packet) =>
        got.push({ topic, payload, qos: packet.qos, retain: packet.retain }),
      );
      const transport = new MqttTransport();
      try {
        const e = event('fence.exit', 12, { fenceId: 3 });
        const target: ForwardTarget = { ...amqpTarget(MQTT_URL), kind: 'mqtt', topicPrefix: prefix };
        const [r] = await transport.deliver(target, [delivery(e)]);
        expect(r).toMatchObject({ ok: true, retry: false });
        await until('the message at the subscriber', () => got.length >= 1);
        expect(got[0]!.topic).toBe(`console-test-${RUN}/12/fence/exit`);
        expect(JSON.parse(got[0]!.payload.toString())).toEqual(e);
        expect(got[0]!.qos).toBe(1);
        expect(got[0]!.retain).toBe(false);
      } finally {
        await transport.close();
      }
    } finally {
      await sub.endAsync(true);
    }
  });

  it('fails at once with retry while the broker is not there', async () => {
    const transport = new MqttTransport({ connectWaitMs: 500 });
    try {
      const target: ForwardTarget = { ...amqpTarget('mqtt://127.0.0.1:1'), kind: 'mqtt', topicPrefix: 'x/' };
      const [r] = await transport.deliver(target, [delivery(event('alarm.raised'))]);
      expect(r).toMatchObject({ ok: false, retry: true });
      expect(r!.excerpt).toMatch(/not connected within 500 ms \(.*ECONNREFUSED/);
    } finally {
      await transport.close();
    }
  });
});
