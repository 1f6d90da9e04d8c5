import { realTimers, type Timers } from '../../live/types';
import { logEntry, type LogEntry } from './messageLog';
import type { QoS } from './topicRules';

/**
 * The /mqtt page's own MQTT connection, outside React. It is deliberately not the console's live
 * bridge (src/client/live/bridge.ts): an installer tests any credentials, topics and QoS here, and
 * sees every refusal, where the bridge hides them and validates what it reads.
 */

export type BrokerState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed' | 'error';

type BrokerProblem =
  /** The CONNACK return code (1-5 of MQTT 3.1.1) and mqtt.js's words for it. */
  | { kind: 'refused'; code: number; message: string }
  /** The broker closed the connection right after a publication: how Aedes refuses one. */
  | { kind: 'publishRefused'; topic: string }
  /** Transport trouble (unreachable, timeout); mqtt.js retries. */
  | { kind: 'socket'; message: string }
  /** mqtt.js did not load, or refused the options. */
  | { kind: 'load'; message: string };

export interface SubscriptionView {
  filter: string;
  qos: QoS;
  /** waiting: not connected; pending: SUBSCRIBE sent; refused: granted QoS 128. */
  state: 'waiting' | 'pending' | 'granted' | 'refused' | 'failed';
  granted?: number;
  message?: string;
}

export interface PublishView {
  topic: string;
  qos: QoS;
  /** sent: written (QoS 0); acked: PUBACK or PUBCOMP came back. */
  state: 'sending' | 'sent' | 'acked' | 'failed' | 'refused';
  message?: string;
}

export interface BrokerSnapshot {
  state: BrokerState;
  problem: BrokerProblem | null;
  subscriptions: SubscriptionView[];
  lastPublish: PublishView | null;
}

export interface ConnectSettings {
  url: string;
  username: string;
  password: string;
  clientId: string;
  keepalive: number;
  clean: boolean;
}

type Callback<A extends unknown[] = []> = (err: (Error & { code?: number }) | null | undefined, ...rest: A) => void;

/** A SUBACK's return codes per filter: the granted QoS, or 128 for a refusal. */
type Suback = { granted?: number[] };

/** The part of an mqtt.js client the page uses; unit tests hand in a fake of this shape. */
export interface PageClient {
  on(event: 'connect' | 'reconnect' | 'close' | 'offline' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error & { code?: number }) => void): unknown;
  on(
    event: 'message',
    listener: (topic: string, payload: Uint8Array, packet: { qos: number; retain: boolean }) => void,
  ): unknown;
  subscribe(
    topic: string,
    opts: { qos: QoS },
    callback: Callback<[granted?: { topic: string; qos: number }[], packet?: Suback]>,
  ): unknown;
  unsubscribe(topic: string, callback: Callback): unknown;
  publish(topic: string, payload: string, opts: { qos: QoS; retain: boolean }, callback: Callback): unknown;
  end(force?: boolean): unknown;
}

export interface PageClientOptions {
  clientId: string;
  username?: string;
  password?: string;
  keepalive: number;
  clean: boolean;
  protocolVersion: 4;
  reconnectPeriod: number;
  connectTimeout: number;
  resubscribe: boolean;
}

export type PageConnect = (url: string, options: PageClientOptions) => PageClient | Promise<PageClient>;

interface SessionDeps {
  connect: PageConnect;
  /** Messages in arrival order, at most every `flushMs`: a busy topic re-renders the page a few times a second, not per message. */
  onMessages: (entries: LogEntry[]) => void;
  now?: () => number;
  timers?: Timers;
}

/** mqtt.js retries a lost connection at this fixed period (the console's backoff is the bridge's business). */
const RECONNECT_MS = 3000;
/** A close this soon after a publication is the broker refusing it (docs/device-protocol.md, ACL). */
export const REFUSAL_WINDOW_MS = 3000;
const FLUSH_MS = 100;

const CONNACK_CODES = new Set([1, 2, 3, 4, 5]);

export class BrokerSession {
  private snapshot: BrokerSnapshot = { state: 'idle', problem: null, subscriptions: [], lastPublish: null };
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly timers: Timers;
  private client: PageClient | undefined;
  /** Bumped per connection: events of a replaced client are ignored. */
  private generation = 0;
  private publishedAt = -Infinity;
  private inbox: LogEntry[] = [];
  private flushTimer: unknown;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now;
    this.timers = deps.timers ?? realTimers;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): BrokerSnapshot => this.snapshot;

  private update(patch: Partial<BrokerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private setSub(filter: string, patch: Partial<SubscriptionView>): void {
    this.update({
      subscriptions: this.snapshot.subscriptions.map((s) => (s.filter === filter ? { ...s, ...patch } : s)),
    });
  }

  private get connected(): boolean {
    return this.snapshot.state === 'connected' && this.client !== undefined;
  }

  /** Ends the current client quietly; its late events no longer count. */
  private drop(): void {
    this.generation++;
    const client = this.client;
    this.client = undefined;
    client?.end(true);
  }

  private waitAll(): SubscriptionView[] {
    return this.snapshot.subscriptions.map(({ filter, qos }) => ({ filter, qos, state: 'waiting' }));
  }

  async connect(settings: ConnectSettings): Promise<void> {
    this.drop();
    const generation = this.generation;
    const live = () => generation === this.generation;
    this.publishedAt = -Infinity;
    this.update({ state: 'connecting', problem: null, subscriptions: this.waitAll(), lastPublish: null });
    let client: PageClient;
    try {
      client = await this.deps.connect(settings.url.trim(), {
        clientId: settings.clientId,
        username: settings.username || undefined,
        password: settings.password || undefined,
        keepalive: settings.keepalive,
        clean: settings.clean,
        protocolVersion: 4,
        reconnectPeriod: RECONNECT_MS,
        connectTimeout: 10_000,
        // The session subscribes again itself on every connect, so each SUBACK is seen.
        resubscribe: false,
      });
    } catch (error) {
      if (live()) this.update({ state: 'error', problem: { kind: 'load', message: messageOf(error) } });
      return;
    }
    if (!live()) {
      client.end(true);
      return;
    }
    this.client = client;
    client.on('connect', () => {
      if (!live()) return;
      this.update({ state: 'connected', problem: null });
      // Every connection asks again, refused filters too: other credentials may be granted them.
      for (const sub of this.snapshot.subscriptions) this.send(sub.filter, sub.qos);
    });
    client.on('reconnect', () => {
      if (live() && this.snapshot.state !== 'error')
        this.update({ state: 'reconnecting', subscriptions: this.waitAll() });
    });
    client.on('error', (error) => {
      if (!live()) return;
      if (typeof error.code === 'number' && CONNACK_CODES.has(error.code)) {
        this.stop({ kind: 'refused', code: error.code, message: error.message });
      } else {
        this.update({ problem: { kind: 'socket', message: messageOf(error) } });
      }
    });
    client.on('close', () => {
      if (!live() || this.snapshot.state === 'error') return;
      const last = this.snapshot.lastPublish;
      if (this.snapshot.state === 'connected' && last && this.now() - this.publishedAt <= REFUSAL_WINDOW_MS) {
        // Retrying would send a QoS 1/2 publication again and be cut again: stop and say why.
        this.update({ lastPublish: { ...last, state: 'refused' } });
        this.stop({ kind: 'publishRefused', topic: last.topic });
        return;
      }
      this.update({ state: 'reconnecting', subscriptions: this.waitAll() });
    });
    client.on('message', (topic, payload, packet) => {
      if (live()) this.receive(logEntry(topic, payload, packet, this.now()));
    });
  }

  private stop(problem: BrokerProblem): void {
    this.drop();
    this.update({ state: 'error', problem, subscriptions: this.waitAll() });
  }

  /** The user's disconnect: a clean DISCONNECT, no retry. */
  disconnect(): void {
    if (!this.client) return;
    this.drop();
    this.update({ state: 'closed', subscriptions: this.waitAll() });
  }

  private send(filter: string, qos: QoS): void {
    const client = this.client;
    if (!client) return;
    const generation = this.generation;
    this.setSub(filter, { state: 'pending', granted: undefined, message: undefined });
    client.subscribe(filter, { qos }, (error, granted, packet) => {
      if (
        generation !== this.generation ||
        !this.snapshot.subscriptions.some((s) => s.filter === filter && s.qos === qos)
      )
        return;
      // mqtt.js reports a refusal as an error whose SUBACK rides along (its `packet`); the list it
      // also passes then still holds the QoS asked for, not the answer.
      const suback = packet ?? (error as { packet?: Suback } | null | undefined)?.packet;
      const code = suback?.granted?.[0] ?? error?.code ?? granted?.[0]?.qos;
      if (typeof code === 'number' && code >= 128) this.setSub(filter, { state: 'refused', granted: code });
      else if (error) this.setSub(filter, { state: 'failed', message: messageOf(error) });
      else this.setSub(filter, { state: 'granted', granted: code });
    });
  }

  /** Adds (or changes the QoS of) a subscription; sent now when connected, else on connect. */
  addSubscription(filter: string, qos: QoS): void {
    const others = this.snapshot.subscriptions.filter((s) => s.filter !== filter);
    this.update({ subscriptions: [...others, { filter, qos, state: 'waiting' }] });
    if (this.connected) this.send(filter, qos);
  }

  removeSubscription(filter: string): void {
    const sub = this.snapshot.subscriptions.find((s) => s.filter === filter);
    if (!sub) return;
    this.update({ subscriptions: this.snapshot.subscriptions.filter((s) => s !== sub) });
    if (this.connected && sub.state === 'granted') this.client!.unsubscribe(filter, () => undefined);
  }

  /** False when not connected (the page offers no offline queue: it tests the link as it is). */
  publish(topic: string, payload: string, opts: { qos: QoS; retain: boolean }): boolean {
    const client = this.client;
    if (!client || !this.connected) return false;
    const generation = this.generation;
    this.publishedAt = this.now();
    this.update({ lastPublish: { topic, qos: opts.qos, state: 'sending' } });
    client.publish(topic, payload, opts, (error) => {
      const last = this.snapshot.lastPublish;
      if (generation !== this.generation || !last || last.state !== 'sending') return;
      this.update({
        lastPublish: error
          ? { ...last, state: 'failed', message: messageOf(error) }
          : { ...last, state: opts.qos > 0 ? 'acked' : 'sent' },
      });
    });
    return true;
  }

  private receive(entry: LogEntry): void {
    this.inbox.push(entry);
    if (this.flushTimer !== undefined) return;
    this.flushTimer = this.timers.setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    this.flushTimer = undefined;
    const entries = this.inbox;
    this.inbox = [];
    if (entries.length) this.deps.onMessages(entries);
  }

  /** The page is leaving: end the connection, deliver what arrived. */
  dispose(): void {
    this.drop();
    if (this.flushTimer !== undefined) this.timers.clearTimeout(this.flushTimer);
    this.flush();
    this.update({ state: this.snapshot.state === 'idle' ? 'idle' : 'closed', subscriptions: this.waitAll() });
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
