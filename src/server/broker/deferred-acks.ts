import type mqtt from 'mqtt';
import type { UplinkOutcome } from './types';

/** mqtt.js skips the PUBACK when handleMessage's callback gets an error, and goes on reading. */
const DEFERRED = new Error('PUBACK deferred until the message is stored');

interface DeferredAcks {
  /** Whether reading waits for the consumer now. */
  holding(): boolean;
  /** When reading last went on after waiting for the consumer (0: never waited). */
  heldUntil(): number;
  /** `room` answers a promise while the consumer of settled messages is full. */
  gate(room: (() => Promise<void> | undefined) | undefined): void;
  /** The settle function of `packet`: its PUBACK waits for it. */
  defer(packet: object): (outcome: UplinkOutcome) => void;
  /** Messages deferred and not settled yet. */
  pending(): number;
  /** Resolves once every PUBACK of a message settled so far has been written (or skipped). */
  flushed(): Promise<void>;
}

/**
 * QoS 1 messages acknowledged once a handler settles them, in arrival order as MQTT asks.
 * mqtt.js sends the PUBACK when `handleMessage` calls back and reads nothing else meanwhile, so
 * waiting there would take one message per commit; instead the callback is told to skip the
 * PUBACK, and it is sent here later (the same packet mqtt.js would have sent). A message settled
 * 'lost' is left unacknowledged and `onLost` is told, with the connection it came on: the broker
 * sends it again when the session resumes. Messages no handler claims (by returning true) are
 * acknowledged at once, as before.
 */
export function deferredAcks(
  client: mqtt.MqttClient,
  onLost: (stream: mqtt.MqttClient['stream']) => void,
): DeferredAcks {
  const waiting = new WeakMap<object, Promise<UplinkOutcome>>();
  let chain: Promise<void> = Promise.resolve();
  const send = client as unknown as { _sendPacket(packet: object, cb: () => void): void };
  let gate: (() => Promise<void> | undefined) | undefined;
  let held = 0;
  let heldAt = 0;
  let unsettled = 0;
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
      onLost(stream);
    });
    // While the consumer has no room, the next packet is not read: TCP backpressure to the broker
    // (whose in-flight window cannot be relied on: Mosquitto 2.0 refills it past the receive maximum).
    const wait = gate?.();
    if (wait) {
      held++;
      void wait.then(() => {
        held--;
        heldAt = Date.now();
        callback(DEFERRED);
      });
    } else callback(DEFERRED);
  };
  return {
    holding: () => held > 0,
    heldUntil: () => heldAt,
    gate(room) {
      gate = room;
    },
    defer(packet) {
      let resolve!: (o: UplinkOutcome) => void;
      unsettled++;
      waiting.set(
        packet,
        new Promise<UplinkOutcome>((r) => (resolve = r)).finally(() => unsettled--),
      );
      return (outcome) => resolve(outcome);
    },
    pending: () => unsettled,
    flushed: () => chain,
  };
}
