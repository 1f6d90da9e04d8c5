import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { Principal } from './acl';

export interface PublishOptions {
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

/**
 * `settle` (external brokers, QoS 1): a handler that returns true acknowledges the message itself
 * by calling it after its own work; otherwise the message is acknowledged at once.
 */
export type MessageHandler = (
  topic: string,
  payload: Buffer,
  settle?: (outcome: UplinkOutcome) => void,
) => boolean | void;

/** The service's view of MQTT, whether the broker runs in-process or elsewhere. */
export interface Broker {
  readonly kind: 'embedded' | 'external';
  /** Objects are sent as JSON. The service's own publishes are not subject to the console ACL. */
  publish(topic: string, payload: string | Buffer | object, opts?: PublishOptions): Promise<void>;
  /** Resolves once subscribed; the returned function unsubscribes. `qos` applies to external brokers. */
  subscribe(topic: string, handler: MessageHandler, opts?: { qos?: 0 | 1 }): Promise<() => Promise<void>>;
  /**
   * Messages the broker has taken but not yet begun delivering (the embedded broker's emitter
   * queue); the push lanes hold back reminders while it is long. Undefined: not known.
   */
  backlog?(): number;
  /** Disconnects consoles logged in with a revoked session (embedded only; external brokers re-check on reconnect). */
  dropSessions(match: { userId?: number; tokenHash?: string }): void;
  close(): Promise<void>;
}

export interface ExternalBroker extends Broker {
  readonly kind: 'external';
  /** Stops reading from the broker while `room` answers a promise (the ingest is full). */
  backpressure(room: () => Promise<void> | undefined): void;
  /** The link to the broker as it is now (for health and the start lines). */
  link(): BrokerLink;
}

/** The service's link to an external broker. */
export interface BrokerLink {
  url: string;
  connected: boolean;
  /** Every topic the service needs is subscribed on the current connection (the broker said so). */
  subscribed: boolean;
  /** Topics the service subscribes to (its probe's included). */
  topics: number;
  /** When the service's last probe came back through its shared subscription (ms since the epoch). */
  lastProbeAt: number | null;
  /** Times the link healed itself: subscribed again, or reconnected with a clean session. */
  heals: number;
  /** Sessions of replicas that went away which this one took over and ended, and the messages they held (takeover.ts). */
  takeovers: { sessions: number; messages: number };
}

/** What the app holds: narrowed by `kind` where embedded-only features are needed. */
export type ServiceBroker = EmbeddedBroker | ExternalBroker;

export interface EmbeddedBroker extends Broker {
  readonly kind: 'embedded';
  /** Starts the MQTT TCP listener; resolves with the bound port (0 picks a free one). */
  listenTcp(port: number, host?: string): Promise<number>;
  /** Serves one MQTT connection over an already-open stream (WebSocket /mqtt). */
  handleStream(stream: Duplex, req?: IncomingMessage): void;
  /**
   * Every message published on the broker with its publisher: the client's principal, or null
   * for the service's own publishes.
   */
  onPublished(handler: PublishedHandler): void;
  /**
   * Device uplinks (topics `match` accepts) handed over before the broker acknowledges them: a
   * QoS 1 PUBLISH is acknowledged when `settle` says 'stored' or 'refused', and its connection
   * closed unacknowledged on 'lost'. Such messages do not reach `onPublished`.
   */
  onUplink(match: (topic: string) => boolean, handler: UplinkHandler): void;
  /** Authenticated clients connecting and going away. */
  onConnection(handler: (principal: Principal, connected: boolean) => void): void;
}

export type UplinkOutcome = 'stored' | 'refused' | 'lost';
export type UplinkHandler = (
  topic: string,
  payload: Buffer,
  publisher: Principal,
  settle?: (outcome: UplinkOutcome) => void,
) => void;

export type PublishedHandler = (topic: string, payload: Buffer, publisher: Principal | null) => void;

export function toPayload(payload: string | Buffer | object): Buffer {
  if (Buffer.isBuffer(payload)) return payload;
  return Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
}
