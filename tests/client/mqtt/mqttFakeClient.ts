import type { PageClient, PageClientOptions } from '../../../src/client/features/mqtt/brokerSession';

type Listener = (...args: never[]) => void;
type Err = (Error & { code?: number }) | null | undefined;
type Cb = (err: Err) => void;
type SubCb = (err: Err, granted?: { topic: string; qos: number }[], packet?: { granted?: number[] }) => void;

/** Stands in for the mqtt.js client of the /mqtt page: tests play the broker's side. */
export class FakePageClient implements PageClient {
  ended = false;
  subscribes: { topic: string; qos: number; cb: SubCb }[] = [];
  unsubscribes: string[] = [];
  publishes: { topic: string; payload: string; opts: { qos: number; retain: boolean }; cb: Cb }[] = [];
  private listeners = new Map<string, Listener[]>();

  constructor(
    readonly url = '',
    readonly options?: PageClientOptions,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  subscribe(topic: string, opts: { qos: number }, cb: SubCb): this {
    this.subscribes.push({ topic, qos: opts.qos, cb });
    return this;
  }
  unsubscribe(topic: string, cb: Cb): this {
    this.unsubscribes.push(topic);
    cb(null);
    return this;
  }
  publish(topic: string, payload: string, opts: { qos: number; retain: boolean }, cb: Cb): this {
    this.publishes.push({ topic, payload, opts, cb });
    return this;
  }
  end(): this {
    this.ended = true;
    return this;
  }

  /** CONNACK 0. */
  open(): void {
    this.emit('connect');
  }
  /** CONNACK with a refusal, as mqtt.js reports it. */
  refuse(code: number, message: string): void {
    this.emit('error', Object.assign(new Error(message), { code }));
    this.emit('close');
  }
  /**
   * SUBACK for the last SUBSCRIBE of `topic`, as mqtt.js 5 reports it: 128 is a refusal, an error
   * carrying the packet (no code) with the QoS asked for still in the list.
   */
  suback(topic: string, granted: number): void {
    const sub = this.subscribes.filter((s) => s.topic === topic).at(-1)!;
    const packet = { granted: [granted] };
    if (granted >= 128)
      sub.cb(
        Object.assign(new Error('Subscribe error: Unspecified error'), { packet }),
        [{ topic, qos: sub.qos }],
        packet,
      );
    else sub.cb(null, [{ topic, qos: granted }], packet);
  }
  deliver(topic: string, payload: string | Uint8Array, packet = { qos: 0, retain: false }): void {
    this.emit('message', topic, typeof payload === 'string' ? new TextEncoder().encode(payload) : payload, packet);
  }
}
