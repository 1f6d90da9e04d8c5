import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Delivery, DeliveryResult, Transport } from '../target';
import { bodyOf, delivered, hideSecret, retryLater, topicOf, type ForwardTarget } from './types';

export interface MqttOptions {
  /** How long a batch waits for its PUBACKs before the missing ones count as failed. */
  ackTimeoutMs?: number;
  /** How long a delivery waits for a connection that is (re)opening before failing, to be retried. */
  connectWaitMs?: number;
  onWarn?(message: string): void;
}

/**
 * Publishes deliveries to an external MQTT broker with QoS 1, not retained (docs/integrations.md
 * "MQTT topics"); a delivery is ok once its PUBACK arrived. One client per broker URL, reconnecting
 * by itself (mqtt.js, every second); while it is away deliveries fail at once with retry, and the
 * outbox sends them again. A batch is published at once and its PUBACKs awaited together.
 */
export class MqttTransport implements Transport<ForwardTarget> {
  private readonly clients = new Map<string, MqttClient>();
  /** The last error of each client, for the excerpt of a delivery that found it away. */
  private readonly lastError = new Map<MqttClient, string>();
  private readonly ackTimeoutMs: number;
  private readonly connectWaitMs: number;
  private readonly warn: (message: string) => void;

  constructor(opts: MqttOptions = {}) {
    this.ackTimeoutMs = opts.ackTimeoutMs ?? 15_000;
    this.connectWaitMs = opts.connectWaitMs ?? 5_000;
    this.warn = opts.onWarn ?? (() => {});
  }

  async deliver(target: ForwardTarget, deliveries: Delivery[]): Promise<DeliveryResult[]> {
    const startedAt = performance.now();
    if (!deliveries.length) return [];
    const client = this.clientOf(target.url);
    try {
      await this.connected(client);
    } catch (err) {
      return deliveries.map(() => retryLater(err, startedAt, target));
    }
    const results: (DeliveryResult | undefined)[] = new Array(deliveries.length);
    let left = deliveries.length;
    let settle!: () => void;
    const all = new Promise<void>((resolve) => (settle = resolve));
    const done = (i: number, r: DeliveryResult) => {
      if (results[i]) return;
      results[i] = r;
      if (--left === 0) settle();
    };
    deliveries.forEach(({ event }, i) => {
      const t0 = performance.now();
      client.publish(topicOf(target, event), bodyOf(event), { qos: 1, retain: false }, (err) =>
        done(i, err ? retryLater(err, t0, target) : delivered(t0)),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.ackTimeoutMs)))]);
    clearTimeout(timer);
    const err = new Error(`no PUBACK within ${this.ackTimeoutMs} ms`);
    for (let i = 0; i < deliveries.length; i++) done(i, retryLater(err, performance.now(), target));
    return results as DeliveryResult[];
  }

  private clientOf(url: string): MqttClient {
    let client = this.clients.get(url);
    if (!client) {
      client = mqtt.connect(url, {
        clientId: `console-fwd-${randomBytes(6).toString('hex')}`,
        clean: true,
        reconnectPeriod: 1_000,
        connectTimeout: 10_000,
        // A message published while away fails (and is retried by the outbox) rather than waiting here.
        queueQoSZero: false,
      });
      let warned = false;
      client.on('error', (err) => {
        const text = hideSecret(err.message, url);
        this.lastError.set(client!, text);
        if (!warned) this.warn(`forwarding: MQTT broker error (${text})`);
        warned = true;
      });
      client.on('connect', () => (warned = false));
      this.clients.set(url, client);
    }
    return client;
  }

  private connected(client: MqttClient): Promise<void> {
    if (client.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off('connect', ok);
        const why = this.lastError.get(client);
        reject(new Error(`MQTT broker not connected within ${this.connectWaitMs} ms${why ? ` (${why})` : ''}`));
      }, this.connectWaitMs);
      const ok = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('connect', ok);
    });
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    this.lastError.clear();
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  }
}
