/**
 * A virtual device speaking a market protocol (docs/protocols.md) to the service's listener: the
 * same brain as the MQTT devices (brain.ts: readings, walking, the worker's day, alarms), its
 * uplinks said as the protocol's frames (speaker.ts) over TCP, or as OsmAnd requests over HTTP.
 */
import { connect, type Socket } from 'node:net';
import { decodePayload } from '../../shared/devices/codec';
import { topics } from '../../shared/topics';
import type { ProtocolName } from '../../shared/protocols/types';
import { DeviceBrain } from '../brain';
import type { SimDevice } from '../roster';
import { ConnectError } from '../device';
import type { UplinkInput } from '../messages';
import { ProtocolSpeaker, type Heard, type Said } from './speaker';

/** Where a protocol's listener is. */
export interface ProtocolEndpoint {
  protocol: ProtocolName;
  host: string;
  port: number;
}

interface ProtocolDeviceOptions {
  intervalS: number;
  /** The service's time zone: the demo site's workers keep their working day (workers.ts). */
  shiftTimeZone?: string;
  onError?: (device: SimDevice, err: Error) => void;
  /** Seconds before a dropped connection is opened again. */
  reconnectS?: number;
  /** How long a login or an acknowledgement may take. */
  timeoutMs?: number;
}

/** Frames said before the login was answered wait, a few at most (a real tracker buffers too). */
const MAX_WAITING = 20;

/** Whether a device's identifier can be sent in this protocol: a JT/T 808 terminal number is at most 12 digits (2013 header). */
export function speaksAs(protocol: ProtocolName, imei: string): boolean {
  return protocol !== 'jt808' || /^\d{1,12}$/.test(imei);
}

export class ProtocolDevice {
  readonly brain: DeviceBrain;
  /** Acknowledgements the service sent (a stored position, an alarm). */
  acked = 0;
  private speaker: ProtocolSpeaker;
  private socket?: Socket;
  private ready = false;
  private everReady = false;
  private waiting: Buffer[] = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** OsmAnd: whether the last request was answered. */
  private httpUp = false;
  /** Told when the login is answered, refused or the connection drops before. */
  private loggedIn?: (err?: Error) => void;
  private ackWaiters: (() => void)[] = [];

  constructor(
    readonly device: SimDevice,
    readonly endpoint: ProtocolEndpoint,
    private readonly opts: ProtocolDeviceOptions,
  ) {
    this.speaker = new ProtocolSpeaker(endpoint.protocol, device.imei, device);
    this.brain = new DeviceBrain(device, (topic, payload) => this.publish(topic, payload), {
      intervalS: opts.intervalS,
      shiftTimeZone: opts.shiftTimeZone,
    });
  }

  get connected(): boolean {
    return this.endpoint.protocol === 'osmand' ? this.httpUp : this.ready;
  }

  private get where(): string {
    const { protocol, host, port } = this.endpoint;
    return `${protocol} ${host}:${port}`;
  }

  /** Logs in (TCP) and starts reporting; resolves once the service took the login. A dropped connection comes back by itself. */
  async start(): Promise<void> {
    if (this.stopped) return;
    await this.open();
    this.brain.announce();
    this.schedule(Math.random() * this.brain.reportIntervalS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.destroy();
    this.ready = false;
  }

  /** One message then disconnect (npm run sim -- send --protocol); resolves once the service acknowledged it. */
  async sendOnce(body: UplinkInput): Promise<void> {
    this.stopped = true;
    try {
      await this.open();
      const said = this.speaker.say(body, Date.now());
      if (!said) throw new ConnectError(`${this.endpoint.protocol} has no way to say ${body.kind}`);
      const acked = this.nextAck();
      this.write(said);
      await this.within(acked, 'the acknowledgement');
    } finally {
      this.socket?.destroy();
    }
  }

  /** TCP: connects and logs in; OsmAnd has no connection. */
  private open(): Promise<void> {
    if (this.endpoint.protocol === 'osmand') return Promise.resolve();
    const { host, port } = this.endpoint;
    const login = this.speaker.login()!;
    return this.within(
      new Promise<void>((resolve, reject) => {
        this.loggedIn = (err) => {
          this.loggedIn = undefined;
          if (err) reject(err);
          else resolve();
        };
        // reachableHost brackets an IPv6 address for URLs; a socket takes it bare.
        const socket = connect(port, host.replace(/^\[(.*)\]$/, '$1'));
        this.socket = socket;
        socket.setNoDelay(true);
        socket.on('connect', () => socket.write(login));
        socket.on('data', (chunk: Buffer) => this.data(chunk));
        socket.on('error', (err) => this.loggedIn?.(new ConnectError(`${this.where}: ${err.message}`)));
        socket.on('close', () => this.closed(socket));
      }),
      'the login',
    ).catch((err: unknown) => {
      // Given up on: its close must not reconnect behind the caller's back.
      const socket = this.socket;
      this.socket = undefined;
      this.loggedIn = undefined;
      socket?.destroy();
      throw err;
    });
  }

  private within<T>(p: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ConnectError(`${this.where}: no answer to ${what} within ${(this.opts.timeoutMs ?? 10_000) / 1000} s`),
          ),
        this.opts.timeoutMs ?? 10_000,
      );
    });
    return Promise.race([p, late]).finally(() => clearTimeout(timer));
  }

  private nextAck(): Promise<void> {
    return new Promise((resolve) => this.ackWaiters.push(resolve));
  }

  private data(chunk: Buffer): void {
    let heard: Heard[];
    try {
      heard = this.speaker.hear(chunk);
    } catch (err) {
      this.opts.onError?.(
        this.device,
        new Error(`${this.where}: unreadable frame from the service: ${(err as Error).message}`),
      );
      this.socket?.destroy();
      return;
    }
    for (const h of heard) {
      if (h.kind === 'answer') this.socket?.write(h.frame);
      else if (h.kind === 'ready') {
        if (this.ready) this.acknowledged();
        else this.becomeReady();
      } else if (h.kind === 'refused') {
        this.stopped = true;
        const err = new ConnectError(`${this.where}: ${this.device.imei} ${h.why}`);
        if (this.loggedIn) this.loggedIn(err);
        else this.opts.onError?.(this.device, err);
      } else if (h.kind === 'ack') this.acknowledged();
    }
  }

  private acknowledged(): void {
    this.acked++;
    this.ackWaiters.shift()?.();
  }

  private becomeReady(): void {
    if (this.ready) return;
    this.ready = true;
    this.everReady = true;
    for (const frame of this.waiting.splice(0)) this.socket?.write(frame);
    this.loggedIn?.();
  }

  private closed(socket: Socket): void {
    if (this.socket !== socket) return;
    this.ready = false;
    this.socket = undefined;
    // During a login its caller hears of it; a device that was in comes back after a drop, as a tracker does.
    if (this.loggedIn)
      this.loggedIn(
        new ConnectError(`${this.where}: the service closed the connection (is ${this.device.imei} registered?)`),
      );
    else if (this.everReady && !this.stopped) this.reconnect();
  }

  private reconnect(): void {
    setTimeout(
      () => {
        if (this.stopped) return;
        this.open().then(
          () => this.brain.announce(),
          (err: unknown) => {
            this.opts.onError?.(this.device, err as Error);
            this.reconnect();
          },
        );
      },
      (this.opts.reconnectS ?? 5) * 1000,
    ).unref();
  }

  /** The brain's uplinks (sfwatch/{imei}/up) in the protocol; what the protocol cannot say is left out. */
  private publish(topic: string, payload: Uint8Array): void {
    if (topic !== topics.deviceUp(this.device.imei)) return;
    const said = this.speaker.say(decodePayload(payload).value as UplinkInput, Date.now());
    if (said) this.write(said);
  }

  private write(said: Said): void {
    if ('uri' in said) {
      const { host, port } = this.endpoint;
      fetch(`http://${host}:${port}${said.uri}`)
        .then((res) => {
          this.httpUp = res.ok;
          if (res.ok) this.acknowledged();
          else this.opts.onError?.(this.device, new Error(`${this.where}: HTTP ${res.status}`));
        })
        .catch((err: unknown) => {
          this.httpUp = false;
          this.opts.onError?.(this.device, new Error(`${this.where}: ${(err as Error).message}`));
        });
      return;
    }
    if (this.ready) this.socket?.write(said.frame);
    else if (this.waiting.length < MAX_WAITING) this.waiting.push(said.frame);
  }

  private schedule(delayS = this.brain.reportIntervalS): void {
    clearTimeout(this.timer);
    const started = Date.now();
    this.timer = setTimeout(() => {
      if (this.stopped) return;
      this.brain.report(Math.max(1, (Date.now() - started) / 1000));
      this.schedule();
    }, delayS * 1000);
  }
}
