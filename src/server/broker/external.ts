import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { topicMatches } from './topic-match';
import { toPayload, type ExternalBroker, type MessageHandler } from './types';

export interface ExternalOptions {
  url: string;
  /** How long start-up waits for the first connection before going on (and retrying in the background). */
  connectTimeoutMs?: number;
  onWarn(message: string): void;
}

/** The service as a client of an external broker (Mosquitto, EMQX ...) at MQTT_URL. */
export async function createExternalBroker(opts: ExternalOptions): Promise<ExternalBroker> {
  const client = mqtt.connect(opts.url, {
    clientId: `console-svc-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // MQTT 5 lets the service announce how many QoS 1 messages it takes in flight; brokers
    // default to about 20 for MQTT 3 clients, which caps the ingest at 20 per round trip.
    protocolVersion: 5,
    properties: { receiveMaximum: 1_000 },
  });
  const handlers = new Map<string, Set<MessageHandler>>();
  client.on('message', (topic, payload) => {
    for (const [filter, set] of handlers) {
      if (topicMatches(filter, topic)) for (const h of set) h(topic, payload);
    }
  });
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
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        await client.subscribeAsync(topic, { qos: o.qos ?? 0 });
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          await client.unsubscribeAsync(topic);
        }
      };
    },
    dropSessions: () => {},
    close: async () => {
      await client.endAsync();
    },
  };
}
