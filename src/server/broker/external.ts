import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { topicMatches } from './topic-match';
import { toPayload, type ExternalBroker, type MessageHandler, type UplinkOutcome } from './types';

export interface ExternalOptions {
  url: string;
  /**
   * A stable client id with a persistent session, so a restarted replica gets back the messages
   * it had not acknowledged; undefined: a random id and a clean session.
   */
  clientId?: string;
  /** How long start-up waits for the first connection before going on (and retrying in the background). */
  connectTimeoutMs?: number;
  onWarn(message: string): void;
}

/** The service as a client of an external broker (Mosquitto, EMQX ...) at MQTT_URL. */
export async function createExternalBroker(opts: ExternalOptions): Promise<ExternalBroker> {
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId ?? `console-svc-${randomBytes(6).toString('hex')}`,
    clean: opts.clientId === undefined,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // MQTT 5 lets the service announce how many QoS 1 messages it takes in flight; brokers
    // default to about 20 for MQTT 3 clients, which caps the ingest at 20 per round trip.
    protocolVersion: 5,
    // The ingest acknowledges after the commit, so the window must hold a few batches.
    properties: { receiveMaximum: 10_000, ...(opts.clientId ? { sessionExpiryInterval: 3_600 } : {}) },
  });
  const acks = deferredAcks(client);
  const handlers = new Map<string, Set<MessageHandler>>();
  /**
   * QoS 1 messages no handler took yet. A resumed session hands back what it had not acknowledged
   * right after the CONNACK, before the service's plugins subscribe their handlers: those wait
   * here, unacknowledged, for the handler of their topic (or for UNCLAIMED_MS, then acknowledged).
   */
  let unclaimed: { topic: string; payload: Buffer; settle: (o: UplinkOutcome) => void }[] = [];
  /** Hands a message to its handlers: 'none' matched, 'taken' (acknowledged at once), or 'claimed'. */
  const deliver = (
    topic: string,
    payload: Buffer,
    settle: ((o: UplinkOutcome) => void) | undefined,
  ): 'none' | 'taken' | 'claimed' => {
    let seen: 'none' | 'taken' | 'claimed' = 'none';
    for (const [filter, set] of handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const h of set) {
        if (h(topic, payload, settle) === true) seen = 'claimed';
        else if (seen === 'none') seen = 'taken';
      }
    }
    return seen;
  };
  client.on('message', (topic, payload, packet) => {
    const settle = packet.qos === 1 ? acks.defer(packet) : undefined;
    const seen = deliver(topic, payload, settle);
    if (seen === 'claimed') return;
    if (seen === 'none' && settle && unclaimedOpen && unclaimed.length < MAX_UNCLAIMED)
      unclaimed.push({ topic, payload, settle });
    else settle?.('stored');
  });
  let unclaimedOpen = true;
  const unclaimedTimer = setTimeout(() => {
    unclaimedOpen = false;
    for (const m of unclaimed.splice(0)) m.settle('stored');
  }, UNCLAIMED_MS);
  unclaimedTimer.unref();
  let warned = false;
  client.on('error', (err) => {
    if (!warned) opts.onWarn(`MQTT broker ${opts.url}: ${err.message}`);
    warned = true;
  });
  client.on('connect', () => {
    warned = false;
  });

  const connected = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), opts.connectTimeoutMs ?? 5_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!connected) opts.onWarn(`MQTT broker ${opts.url} is not reachable yet; retrying in the background.`);

  return {
    kind: 'external',
    publish: async (topic, payload, o = {}) => {
      await client.publishAsync(topic, toPayload(payload), { qos: o.qos ?? 0, retain: o.retain ?? false });
    },
    subscribe: async (topic, handler, o = {}) => {
      let set = handlers.get(topic);
      const fresh = !set;
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      // In place before the SUBSCRIBE, so nothing that follows its SUBACK finds no handler.
      set.add(handler);
      const waiting = unclaimed.filter((m) => topicMatches(topic, m.topic));
      unclaimed = unclaimed.filter((m) => !waiting.includes(m));
      for (const m of waiting) if (deliver(m.topic, m.payload, m.settle) !== 'claimed') m.settle('stored');
      if (fresh) await client.subscribeAsync(topic, { qos: o.qos ?? 0 });
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          await client.unsubscribeAsync(topic);
        }
      };
    },
    dropSessions: () => {},
    backpressure: (room) => acks.gate(room),
    close: async () => {
      clearTimeout(unclaimedTimer);
      await client.endAsync();
    },
  };
}

const MAX_UNCLAIMED = 50_000;
const UNCLAIMED_MS = 60_000;

/** mqtt.js skips the PUBACK when handleMessage's callback gets an error, and goes on reading. */
const DEFERRED = new Error('PUBACK deferred until the message is stored');

/**
 * QoS 1 messages acknowledged once a handler settles them, in arrival order as MQTT asks.
 * mqtt.js sends the PUBACK when `handleMessage` calls back and reads nothing else meanwhile, so
 * waiting there would take one message per commit; instead the callback is told to skip the
 * PUBACK, and it is sent here later (the same packet mqtt.js would have sent). A message settled
 * 'lost' is left unacknowledged: the broker sends it again when the session resumes. Messages
 * no handler claims (by returning true) are acknowledged at once, as before.
 */
function deferredAcks(client: mqtt.MqttClient) {
  const waiting = new WeakMap<object, Promise<UplinkOutcome>>();
  let chain: Promise<void> = Promise.resolve();
  const send = client as unknown as { _sendPacket(packet: object, cb: () => void): void };
  let gate: (() => Promise<void> | undefined) | undefined;
  let lostAt = 0;
  client.handleMessage = (packet, callback) => {
    const outcome = waiting.get(packet);
    if (!outcome || packet.qos !== 1 || packet.messageId === undefined) return callback();
    waiting.delete(packet);
    const messageId = packet.messageId;
    // A PUBACK belongs to the connection that received the PUBLISH: after a reconnect the same id
    // may name another message, which the broker sends again anyway.
    const stream = client.stream;
    chain = chain.then(async () => {
      const o = await outcome;
      if (o !== 'lost') {
        if (client.connected && client.stream === stream)
          send._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 }, () => {});
        return;
      }
      // Not stored and not acknowledged: it holds a place in the broker's window until the
      // session resumes, when the broker sends it again. So the session resumes (at most every 10 s).
      if (Date.now() - lostAt > 10_000 && client.stream === stream) {
        lostAt = Date.now();
        stream.destroy();
      }
    });
    // While the consumer has no room, the next packet is not read: TCP backpressure to the broker
    // (whose in-flight window cannot be relied on: Mosquitto 2.0 refills it past the receive maximum).
    const wait = gate?.();
    if (wait) void wait.then(() => callback(DEFERRED));
    else callback(DEFERRED);
  };
  return {
    /** `room` answers a promise while the consumer of settled messages is full. */
    gate(room: () => Promise<void> | undefined): void {
      gate = room;
    },
    /** The settle function of `packet`: its PUBACK waits for it. */
    defer(packet: object): (outcome: UplinkOutcome) => void {
      let resolve!: (o: UplinkOutcome) => void;
      waiting.set(packet, new Promise<UplinkOutcome>((r) => (resolve = r)));
      return (outcome) => resolve(outcome);
    },
  };
}
