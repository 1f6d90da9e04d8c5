import { connect, type ChannelModel, type ConfirmChannel, type Options } from 'amqplib';
import type { Delivery, DeliveryResult, Transport } from '../target';
import { backoffMs, bodyOf, delivered, hideSecret, retryLater, routingKeyOf, type ForwardTarget } from './types';

export interface AmqpOptions {
  /** How long a batch waits for the broker's confirms before its unconfirmed messages count as failed. */
  confirmTimeoutMs?: number;
  /** How long opening a connection may take. */
  connectTimeoutMs?: number;
  /** Called with a line (never the password) when a connection drops or cannot be opened. */
  onWarn?(message: string): void;
}

/** One broker URL's connection and confirm channel, reopened with backoff when it goes. */
interface Link {
  url: string;
  model?: ChannelModel;
  channel?: ConfirmChannel;
  opening?: Promise<ConfirmChannel>;
  /** Exchanges asserted on this connection (asserted once per connection, not per publish). */
  exchanges: Map<string, Promise<unknown>>;
  failures: number;
  /** No new attempt before this (performance.now()); the deliveries meanwhile fail at once, to be retried. */
  retryAt: number;
  lastError?: string;
  reopen?: NodeJS.Timeout;
  closed: boolean;
}

class BrokerAway extends Error {}

/**
 * Publishes deliveries to a RabbitMQ (AMQP 0-9-1) exchange with publisher confirms
 * (docs/integrations.md "AMQP topology"): persistent JSON messages, the event id as message id,
 * the type as type; a delivery is ok only once the broker confirmed it (it is then on disk for
 * durable queues). A batch is written at once and its confirms awaited together: no round trip
 * per message. Anything not confirmed (nack, connection lost, no confirm in time) is a failure
 * with retry, which the outbox sends again: a restarted broker loses nothing, and a consumer may
 * see a message twice (deduplicate on the message id).
 */
export class AmqpTransport implements Transport<ForwardTarget> {
  private readonly links = new Map<string, Link>();
  private readonly confirmTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly warn: (message: string) => void;

  constructor(opts: AmqpOptions = {}) {
    this.confirmTimeoutMs = opts.confirmTimeoutMs ?? 15_000;
    this.connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
    this.warn = opts.onWarn ?? (() => {});
  }

  async deliver(target: ForwardTarget, deliveries: Delivery[]): Promise<DeliveryResult[]> {
    const startedAt = performance.now();
    if (!deliveries.length) return [];
    const link = this.linkOf(target.url);
    let channel: ConfirmChannel;
    try {
      channel = await this.channelOf(link);
      await this.exchangeOf(link, channel, target.exchange);
    } catch (err) {
      return deliveries.map(() => retryLater(err, startedAt, target));
    }
    return this.publish(link, channel, target, deliveries);
  }

  /** Writes the batch, then waits for every confirm (or the channel's end, or the timeout). */
  private async publish(
    link: Link,
    channel: ConfirmChannel,
    target: ForwardTarget,
    deliveries: Delivery[],
  ): Promise<DeliveryResult[]> {
    const results: (DeliveryResult | undefined)[] = new Array(deliveries.length);
    let settle!: () => void;
    const all = new Promise<void>((resolve) => (settle = resolve));
    let left = deliveries.length;
    const done = (i: number, r: DeliveryResult) => {
      if (results[i]) return;
      results[i] = r;
      if (--left === 0) settle();
    };
    for (let i = 0; i < deliveries.length; i++) {
      const { event } = deliveries[i]!;
      const t0 = performance.now();
      const props: Options.Publish = {
        persistent: true,
        contentType: 'application/json',
        contentEncoding: 'utf-8',
        messageId: event.id,
        type: event.type,
        timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
        appId: 'safety-console',
        headers: { 'tenant-id': event.tenantId, 'event-version': event.version },
      };
      try {
        const more = channel.publish(target.exchange, routingKeyOf(target, event), bodyOf(event), props, (err) =>
          done(i, err ? retryLater(err, t0, target) : delivered(t0)),
        );
        // The socket's buffer is full: wait for it to drain (or the channel to go) before writing more.
        if (!more) await drained(channel);
      } catch (err) {
        // The channel closed under the batch: this and the rest are not sent.
        for (let j = i; j < deliveries.length; j++) done(j, retryLater(err, t0, target));
        break;
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), this.confirmTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      const err = new BrokerAway(`no publisher confirm within ${this.confirmTimeoutMs} ms`);
      // What became of the unconfirmed messages is unknown: they are sent again on a fresh connection.
      for (let i = 0; i < deliveries.length; i++) done(i, retryLater(err, performance.now(), target));
      this.drop(link, err);
    }
    return results as DeliveryResult[];
  }

  private linkOf(url: string): Link {
    let link = this.links.get(url);
    if (!link) {
      link = { url, exchanges: new Map(), failures: 0, retryAt: 0, closed: false };
      this.links.set(url, link);
    }
    return link;
  }

  private channelOf(link: Link): Promise<ConfirmChannel> {
    if (link.channel) return Promise.resolve(link.channel);
    if (link.opening) return link.opening;
    const wait = link.retryAt - performance.now();
    if (wait > 0)
      return Promise.reject(
        new BrokerAway(`broker away (${link.lastError ?? 'connection failed'}); next attempt in ${Math.ceil(wait)} ms`),
      );
    link.opening = this.open(link).finally(() => (link.opening = undefined));
    return link.opening;
  }

  private async open(link: Link): Promise<ConfirmChannel> {
    let model: ChannelModel | undefined;
    try {
      model = await connect(link.url, { timeout: this.connectTimeoutMs });
      const channel = await model.createConfirmChannel();
      if (link.closed) {
        await model.close().catch(() => {});
        throw new BrokerAway('transport closed');
      }
      // A connection or channel that ends (broker restart, network, a channel error) is dropped
      // and reopened; its unconfirmed messages have already failed through their callbacks.
      const lost = (err?: Error) => this.drop(link, err ?? new Error('connection closed'), model);
      model.on('error', (err: Error) => (link.lastError = hideSecret(err.message, link.url)));
      model.on('close', lost);
      channel.on('error', (err: Error) => (link.lastError = hideSecret(err.message, link.url)));
      channel.on('close', () => lost(new Error('channel closed')));
      link.model = model;
      link.channel = channel;
      link.failures = 0;
      link.retryAt = 0;
      return channel;
    } catch (err) {
      await model?.close().catch(() => {});
      link.failures++;
      link.lastError = hideSecret(err instanceof Error ? err.message : String(err), link.url);
      link.retryAt = performance.now() + backoffMs(link.failures);
      this.warn(
        `forwarding: cannot reach the AMQP broker (${link.lastError}); retrying in ${backoffMs(link.failures)} ms`,
      );
      this.scheduleReopen(link);
      throw err;
    }
  }

  /** Forgets a connection that ended (or is no longer trusted) and reopens it in the background. */
  private drop(link: Link, err: Error, model?: ChannelModel): void {
    if (model && link.model !== model) return; // an older connection's late event
    const was = link.model;
    link.model = undefined;
    link.channel = undefined;
    link.exchanges.clear();
    if (!was || link.closed) return;
    link.lastError = hideSecret(err.message, link.url);
    this.warn(`forwarding: the AMQP connection ended (${link.lastError}); reopening`);
    was.close().catch(() => {});
    this.scheduleReopen(link);
  }

  /** Reopens with backoff, so the outbox's retry finds the connection ready. */
  private scheduleReopen(link: Link): void {
    if (link.closed || link.reopen) return;
    const delay = Math.max(backoffMs(link.failures + 1), link.retryAt - performance.now());
    link.reopen = setTimeout(() => {
      link.reopen = undefined;
      if (link.closed || link.channel || link.opening) return;
      link.retryAt = 0;
      this.channelOf(link).catch(() => {});
    }, delay);
    link.reopen.unref();
  }

  /** The target's exchange, asserted (topic, durable) once per connection. */
  private exchangeOf(link: Link, channel: ConfirmChannel, exchange: string): Promise<unknown> {
    let asserted = link.exchanges.get(exchange);
    if (!asserted) {
      asserted = channel.assertExchange(exchange, 'topic', { durable: true }).catch((err: unknown) => {
        link.exchanges.delete(exchange);
        throw err;
      });
      link.exchanges.set(exchange, asserted);
    }
    return asserted;
  }

  /** The connections open now (tests and the bench). */
  get openConnections(): number {
    return [...this.links.values()].filter((l) => l.channel).length;
  }

  async close(): Promise<void> {
    const links = [...this.links.values()];
    this.links.clear();
    await Promise.all(
      links.map(async (link) => {
        link.closed = true;
        clearTimeout(link.reopen);
        await link.opening?.catch(() => {});
        const model = link.model;
        link.model = undefined;
        link.channel = undefined;
        await model?.close().catch(() => {});
      }),
    );
  }
}

/** Resolves when the channel may take more writes, or has closed (the next publish then throws). */
function drained(channel: ConfirmChannel): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      channel.off('drain', go);
      channel.off('close', go);
      resolve();
    };
    channel.once('drain', go);
    channel.once('close', go);
  });
}
