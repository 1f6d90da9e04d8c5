import mqtt from 'mqtt';
import { deferredAcks } from './deferred-acks';
import type { UplinkOutcome } from './types';

/**
 * A replica's session on the external broker outlives it: Mosquitto (2.0 tested) goes on handing
 * that session its turn of every shared subscription while nobody is connected to it, and keeps
 * what it hands there until the session expires (an hour) or the same client id comes back. After
 * a `kill -9` that was half of all device messages, acknowledged to the devices by the broker and
 * stored by nobody, an SOS among them (docs/reliability.md "Replica killed").
 *
 * So a replica's connection carries a will, and the replicas of one deployment (one ingest group)
 * listen for each other's: when one goes away, another connects under its client id, stores what
 * its session holds as its own ingest would, drops its subscriptions and ends the session. The will
 * is retained, so a replica that starts later still takes over a session whose replica never came
 * back; a replica clears its own when it connects, and the one that ended a session clears it too.
 */

/** Seconds the broker waits before publishing a will: a replica back within it (its own reconnect after a blip) sends none. */
const WILL_DELAY_S = 1;
/** How long the broker keeps a replica's session while nobody is connected to it. */
export const SESSION_EXPIRY_S = 3_600;
/** Replicas hearing one will wait up to this long at random; the first to claim the session takes it. */
const CLAIM_JITTER_MS = 200;
/** A session is ended once nothing more has come for this long and everything that came is stored. */
const QUIET_MS = 300;
/** A drain that has not gone quiet by then (the database away) stops and is tried again. */
const MAX_DRAIN_MS = 60_000;
const RETRY_MS = 5_000;

/** The service topics through which one deployment's replicas hear of each other. */
export function replicaTopics(group: string) {
  const base = `svc/replicas/${group}`;
  return {
    /** Retained will of the replica with this client id: its payload is the id, empty once dealt with. */
    gone: (clientId: string) => `${base}/gone/${clientId}`,
    goneFilter: `${base}/gone/+`,
    /** `{id, by}`: replica `by` is taking over `id`'s session. */
    taking: `${base}/taking`,
  };
}
type ReplicaTopics = ReturnType<typeof replicaTopics>;

/** The will of a connection under `clientId` (the replica's own, or a takeover of its session). */
export function willOf(topics: ReplicaTopics, clientId: string): NonNullable<mqtt.IClientOptions['will']> {
  return {
    topic: topics.gone(clientId),
    payload: Buffer.from(clientId),
    qos: 1,
    retain: true,
    properties: { willDelayInterval: WILL_DELAY_S },
  };
}

interface TakeoverDeps {
  url: string;
  /** What the logs call the broker (MQTT_URL without its password). */
  shownUrl: string;
  ownId: string;
  topics: ReplicaTopics;
  /** Hands a message to the service's handlers, as a message on its own connection. */
  deliver(
    topic: string,
    payload: Buffer,
    settle: ((o: UplinkOutcome) => void) | undefined,
  ): 'none' | 'taken' | 'claimed';
  /** Whether `topic` reaches a replica only through a shared subscription (of the others, every replica gets its own copy). */
  sharedOnly(topic: string): boolean;
  /** The subscriptions of the replica `clientId`. */
  filtersOf(clientId: string): string[];
  /** The ingest's room (backpressure), as on the service's own connection. */
  gate(): (() => Promise<void> | undefined) | undefined;
  publish(topic: string, payload: string, retain: boolean): void;
  onWarn(message: string): void;
}

type Outcome = 'ended' | 'no session' | 'taken back' | 'retry';

/** Takes over the sessions of replicas that went away (see above). */
export class SessionTakeover {
  /** Sessions ended here, and the messages of shared subscriptions they held. */
  readonly stats = { sessions: 0, messages: 0 };
  private readonly planned = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, mqtt.MqttClient>();
  private closed = false;

  constructor(private readonly deps: TakeoverDeps) {}

  /** A replica's will (or its retained copy): after a random pause that another replica's claim cancels, take its session. */
  gone(clientId: string): void {
    if (this.closed || clientId === this.deps.ownId || this.planned.has(clientId) || this.running.has(clientId)) return;
    this.plan(clientId, Math.random() * CLAIM_JITTER_MS);
  }

  /** Another replica claimed a session. */
  claimed(clientId: string, by: string): void {
    if (by === this.deps.ownId) return;
    clearTimeout(this.planned.get(clientId));
    this.planned.delete(clientId);
  }

  /** Stops: a drain under way disconnects with its will, so another replica takes the session over. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.planned.values()) clearTimeout(t);
    this.planned.clear();
    await Promise.all(
      [...this.running.values()].map((c) => c.endAsync(false, { reasonCode: 4 }).catch(() => c.end(true))),
    );
  }

  private plan(clientId: string, ms: number): void {
    const timer = setTimeout(() => {
      this.planned.delete(clientId);
      void this.run(clientId);
    }, ms);
    timer.unref();
    this.planned.set(clientId, timer);
  }

  private async run(clientId: string): Promise<void> {
    if (this.closed) return;
    const { deps } = this;
    deps.publish(deps.topics.taking, JSON.stringify({ id: clientId, by: deps.ownId }), false);
    const counted = { messages: 0 };
    const outcome = await this.drain(clientId, counted).catch((err: unknown) => {
      deps.onWarn(`MQTT broker ${deps.shownUrl}: taking over ${clientId}'s session failed: ${(err as Error).message}`);
      return 'retry' as const;
    });
    if (outcome === 'ended' || outcome === 'no session') {
      deps.publish(deps.topics.gone(clientId), '', true);
      if (outcome === 'ended') {
        this.stats.sessions++;
        this.stats.messages += counted.messages;
        deps.onWarn(
          `MQTT broker ${deps.shownUrl}: replica ${clientId} went away; took over its session (${counted.messages} messages stored) and ended it`,
        );
      }
    } else if (outcome === 'taken back') {
      deps.onWarn(
        `MQTT broker ${deps.shownUrl}: ${clientId}'s session was taken back (its replica, or another, connected)`,
      );
    } else if (!this.closed) {
      deps.onWarn(
        `MQTT broker ${deps.shownUrl}: ${clientId}'s session still holds messages not stored; trying again in ${RETRY_MS / 1000} s`,
      );
      this.plan(clientId, RETRY_MS);
    }
  }

  /**
   * Connects under `clientId` to its session, stores what it is handed (the service's handlers
   * acknowledge each message once stored), unsubscribes everything so the broker hands it nothing
   * new, and once quiet ends the session (session expiry 0 on the DISCONNECT).
   */
  private async drain(clientId: string, counted: { messages: number }): Promise<Outcome> {
    const { deps } = this;
    const client = mqtt.connect(deps.url, {
      clientId,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      resubscribe: false,
      protocolVersion: 5,
      properties: { receiveMaximum: 10_000, sessionExpiryInterval: SESSION_EXPIRY_S },
      // Should this replica go away in the middle of it, the next one takes the session over.
      will: willOf(deps.topics, clientId),
    });
    this.running.set(clientId, client);
    let lost = 0;
    let lastAt = Date.now();
    let ending = false;
    let dropped = false;
    const acks = deferredAcks(client, () => lost++);
    acks.gate(deps.gate());
    client.on('error', () => {});
    client.on('close', () => {
      if (!ending) dropped = true;
    });
    client.on('message', (topic, payload, packet) => {
      lastAt = Date.now();
      const settle = packet.qos === 1 ? acks.defer(packet) : undefined;
      // The service topics and the downlinks reached this replica on its own connection too.
      if (!deps.sharedOnly(topic)) return settle?.('stored');
      counted.messages++;
      const seen = deps.deliver(topic, payload, settle);
      if (seen === 'none') settle?.('lost');
      else if (seen === 'taken') settle?.('stored');
    });
    try {
      const connack = await new Promise<mqtt.IConnackPacket | undefined>((resolve) => {
        client.once('connect', resolve);
        client.once('close', () => resolve(undefined));
      });
      // Not reachable: tried again later.
      if (!connack) return 'retry';
      if (!connack.sessionPresent) {
        ending = true;
        await client.endAsync(false, END_SESSION);
        return 'no session';
      }
      await client.unsubscribeAsync(deps.filtersOf(clientId));
      const started = Date.now();
      while (!dropped && !this.closed && Date.now() - started < MAX_DRAIN_MS) {
        if (acks.pending() === 0 && Date.now() - lastAt >= QUIET_MS) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // The broker closed it: its replica (or another) connected under that id, or the broker went away.
      if (dropped) return 'taken back';
      await acks.flushed();
      if (this.closed) return 'retry';
      ending = true;
      if (lost > 0 || acks.pending() > 0) {
        // Kept with what was not stored, for the next try.
        await client.endAsync(false, { reasonCode: 0 });
        return 'retry';
      }
      await client.endAsync(false, END_SESSION);
      return 'ended';
    } catch (err) {
      if (dropped) return 'taken back';
      throw err;
    } finally {
      this.running.delete(clientId);
      if (client.connected && !ending) client.end(true);
    }
  }
}

/** A DISCONNECT that ends the session now (MQTT 5: a session expiry of 0 on the DISCONNECT). */
const END_SESSION = { reasonCode: 0, properties: { sessionExpiryInterval: 0 } };
