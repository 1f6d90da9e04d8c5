import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { redactUrlPassword } from '../auth/log-redact';
import { deferredAcks } from './deferred-acks';
import { replicaTopics, SESSION_EXPIRY_S, SessionTakeover, willOf } from './takeover';
import { topicMatches } from './topic-match';
import { toPayload, type BrokerLink, type ExternalBroker, type MessageHandler, type UplinkOutcome } from './types';

interface ExternalOptions {
  url: string;
  /**
   * A stable client id with a persistent session, so a restarted replica gets back the messages
   * it had not acknowledged; undefined: a random id and a clean session.
   */
  clientId?: string;
  /**
   * The replicas of one deployment (their ingest group): they take over each other's sessions
   * when one goes away (takeover.ts). Default `ingest`.
   */
  replicaGroup?: string;
  /** How long start-up waits for the first connection before going on (and retrying in the background). */
  connectTimeoutMs?: number;
  /** How often the service sends itself a probe through its shared subscription (PROBE_MS). */
  probeMs?: number;
  onWarn(message: string): void;
}

/**
 * The service as a client of an external broker (Mosquitto, EMQX ...) at MQTT_URL.
 *
 * The link heals itself. Every connect subscribes every topic the service needs, whatever the
 * broker says of the session: a Mosquitto restarted gracefully brings the persistent session back
 * without its shared subscription (docs/reliability.md "Broker restart": acknowledged messages
 * lost, silently), and mqtt.js subscribes again only when the broker reports no session. And every few seconds the
 * service sends itself a probe through a shared subscription of its own (a group only it is in,
 * on `svc/probe/<client id>`, which no device topic filter matches): when neither a probe nor any
 * other message of a shared subscription arrived for three probes' time, it subscribes again, and if that
 * does not bring them back, it reconnects with a clean session.
 *
 * A replica with a persistent session leaves a will, and takes over the sessions of replicas that
 * went away (takeover.ts): the broker would otherwise keep handing a dead replica's session its
 * share of the devices' messages (docs/reliability.md "Replica killed").
 */
export async function createExternalBroker(opts: ExternalOptions): Promise<ExternalBroker> {
  const clientId = opts.clientId ?? `console-svc-${randomBytes(6).toString('hex')}`;
  const replicas = replicaTopics(opts.replicaGroup ?? 'ingest');
  const client = mqtt.connect(opts.url, {
    clientId,
    clean: opts.clientId === undefined,
    reconnectPeriod: FAST_RETRY_MS,
    connectTimeout: 10_000,
    // The service subscribes on every connect itself (below); mqtt.js's own resubscription would
    // also skip a topic it believes subscribed already.
    resubscribe: false,
    // MQTT 5 lets the service announce how many QoS 1 messages it takes in flight; brokers
    // default to about 20 for MQTT 3 clients, which caps the ingest at 20 per round trip.
    protocolVersion: 5,
    // The ingest acknowledges after the commit, so the window must hold a few batches.
    properties: { receiveMaximum: 10_000, ...(opts.clientId ? { sessionExpiryInterval: SESSION_EXPIRY_S } : {}) },
    // Only a persistent session outlives its connection, and so has something to take over.
    ...(opts.clientId ? { will: willOf(replicas, clientId) } : {}),
  });
  const url = redactUrlPassword(opts.url);
  /** Every topic filter the service needs, with its QoS: subscribed on every connect. */
  const filters = new Map<string, 0 | 1>();
  const probeFilter = (id: string) => {
    const group = id.replace(/[^A-Za-z0-9_-]/g, '_');
    return `$share/probe-${group}/svc/probe/${group}`;
  };
  const ownProbe = probeFilter(clientId);
  const probeTopic = ownProbe.slice(ownProbe.indexOf('/svc/') + 1);
  filters.set(ownProbe, 0);
  filters.set(replicas.goneFilter, 1);
  filters.set(replicas.taking, 0);
  const link = { connected: false, subscribed: false, lastProbeAt: null as number | null, heals: 0 };
  /** The last sign the shared subscriptions deliver: a probe or any message of one of them. */
  let deliveredAt = 0;
  /** Subscriptions waiting for the next connect's SUBACK. */
  let waiters: (() => void)[] = [];
  let lostAt = 0;
  const acks = deferredAcks(client, (stream) => {
    // Not stored and not acknowledged: it holds a place in the broker's window until the
    // session resumes, when the broker sends it again. So the session resumes (at most every 10 s).
    if (Date.now() - lostAt > 10_000 && client.stream === stream) {
      lostAt = Date.now();
      stream.destroy();
    }
  });
  let gate: (() => Promise<void> | undefined) | undefined;
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
    if (topic === probeTopic) {
      link.lastProbeAt = deliveredAt = Date.now();
      return;
    }
    if (topicMatches(replicas.goneFilter, topic)) {
      if (payload.length) takeover.gone(topic.slice(topic.lastIndexOf('/') + 1));
      return;
    }
    if (topic === replicas.taking) {
      try {
        const claim = JSON.parse(payload.toString()) as { id?: unknown; by?: unknown };
        if (typeof claim.id === 'string' && typeof claim.by === 'string') takeover.claimed(claim.id, claim.by);
      } catch {
        // not a claim
      }
      return;
    }
    if (shared(topic)) deliveredAt = Date.now();
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
  /** Whether `topic` arrived through a shared subscription (a filter `$share/<group>/...`). */
  const shared = (topic: string): boolean => {
    for (const filter of filters.keys()) if (filter.startsWith('$share/') && topicMatches(filter, topic)) return true;
    return false;
  };
  const takeover = new SessionTakeover({
    url: opts.url,
    shownUrl: url,
    ownId: clientId,
    topics: replicas,
    deliver,
    sharedOnly: (topic) =>
      shared(topic) && ![...filters.keys()].some((f) => !f.startsWith('$share/') && topicMatches(f, topic)),
    filtersOf: (id) => [...filters.keys()].map((f) => (f === ownProbe ? probeFilter(id) : f)),
    gate: () => gate,
    publish: (topic, payload, retain) => {
      client.publishAsync(topic, payload, { qos: 1, retain }).catch(() => {});
    },
    onWarn: opts.onWarn,
  });
  /** Subscribes every filter on the current connection; `subscribed` once the broker granted them all. */
  const subscribeAll = async (): Promise<void> => {
    const stream = client.stream;
    const want = Object.fromEntries([...filters].map(([topic, qos]) => [topic, { qos }]));
    try {
      const granted = await client.subscribeAsync(want);
      if (client.stream !== stream) return;
      const refused = granted.filter((g) => g.qos >= 0x80).map((g) => g.topic);
      if (refused.length) {
        link.subscribed = false;
        opts.onWarn(
          `MQTT broker ${url} refused the subscription to ${refused.join(', ')}; retrying on the probe's clock`,
        );
        return;
      }
      link.subscribed = true;
      for (const w of waiters.splice(0)) w();
    } catch (err) {
      // The connection went away meanwhile: the next connect subscribes again.
      if (client.stream === stream && client.connected)
        opts.onWarn(`MQTT broker ${url}: subscribing failed: ${(err as Error).message}`);
    }
  };
  let connects = 0;
  let connectedAt = 0;
  /** Set for the connect after a heal that had to start a clean session. */
  let cleanStart = false;
  client.on('connect', (connack) => {
    warned = false;
    retries = 0;
    client.options.reconnectPeriod = FAST_RETRY_MS;
    link.connected = true;
    link.subscribed = false;
    connectedAt = Date.now();
    if (cleanStart) {
      // Later reconnects resume the new session again.
      client.options.clean = false;
      cleanStart = false;
    }
    if (connects++ > 0)
      opts.onWarn(
        `MQTT broker ${url}: connected again (session ${connack.sessionPresent ? 'resumed' : 'new'}); subscribing ${filters.size} topics again`,
      );
    // Back (or new): this replica's will, if the broker published it, is no call to take its session.
    if (opts.clientId) client.publish(replicas.gone(clientId), '', { qos: 1, retain: true });
    void subscribeAll();
  });
  // Right after a drop the service retries every 50 ms: a restarted broker that does not keep the
  // shared subscription discards what devices publish before the service subscribes again, so
  // the service's reconnect delay is that window (a device back 200 ms after a TERM restart lost
  // 146 acknowledged messages with 1 s, none with 50 ms: tests/server/broker/restart.test.ts).
  // After FAST_RETRIES it settles to once a second.
  let retries = 0;
  client.on('close', () => {
    link.connected = false;
    link.subscribed = false;
    // (mqtt.js has read the period for this retry already: this one is for the next.)
    if (++retries >= FAST_RETRIES) client.options.reconnectPeriod = RETRY_MS;
  });

  // The probe, and what the service does when the shared subscriptions stop delivering.
  let healing: 'no' | 'subscribed again' = 'no';
  let healedAt = 0;
  const staleMs = 3 * (opts.probeMs ?? PROBE_MS);
  const probe = setInterval(() => {
    if (!client.connected) return;
    client.publishAsync(probeTopic, String(Date.now()), { qos: 0 }).catch(() => {});
    const now = Date.now();
    // While the ingest holds the reading back, the probe waits behind the messages before it.
    if (acks.holding()) return;
    const since = Math.max(connectedAt, deliveredAt, healedAt, acks.heldUntil());
    if (now - since < staleMs) {
      if (deliveredAt > healedAt && healing !== 'no') {
        opts.onWarn(`MQTT broker ${url}: the subscriptions deliver again`);
        healing = 'no';
      }
      return;
    }
    healedAt = now;
    link.heals++;
    if (healing === 'no') {
      healing = 'subscribed again';
      opts.onWarn(
        `MQTT broker ${url}: nothing came through the shared subscriptions for ${Math.round((now - since) / 1000)} s, the probe included; subscribing again`,
      );
      void subscribeAll();
      return;
    }
    healing = 'no';
    opts.onWarn(`MQTT broker ${url}: still nothing after subscribing again; reconnecting with a clean session`);
    cleanStart = true;
    client.options.clean = true;
    client.stream.destroy();
  }, opts.probeMs ?? PROBE_MS);
  probe.unref();

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
      if (fresh) {
        filters.set(topic, o.qos ?? 0);
        try {
          // Offline, mqtt.js sends it once connected, along with the connect's own subscriptions.
          const granted = await client.subscribeAsync(topic, { qos: o.qos ?? 0 });
          if (granted.some((g) => g.qos >= 0x80)) throw new Error('refused');
        } catch {
          // Refused, or the connection went away first: the next connect (or the probe) subscribes it.
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      }
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          filters.delete(topic);
          await client.unsubscribeAsync(topic);
        }
      };
    },
    dropSessions: () => {},
    backpressure: (room) => {
      gate = room;
      acks.gate(room);
    },
    link: (): BrokerLink => ({ url, topics: filters.size, ...link, takeovers: { ...takeover.stats } }),
    close: async () => {
      clearTimeout(unclaimedTimer);
      clearInterval(probe);
      waiters = [];
      await takeover.close();
      // With its will (MQTT 5 reason 4): another replica drains what the session still gets until
      // this one is back, instead of it waiting there (takeover.ts).
      await client.endAsync(false, opts.clientId ? { reasonCode: 4 } : {});
    },
  };
}

const MAX_UNCLAIMED = 50_000;
const UNCLAIMED_MS = 60_000;
const RETRY_MS = 1_000;
const FAST_RETRY_MS = 50;
const FAST_RETRIES = 60;
/** How often the service sends itself a probe; three missed in a row start the healing. */
const PROBE_MS = 5_000;
