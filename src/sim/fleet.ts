import { callEveryFromEnv, shiftsFromEnv } from './args';
import type { SimDevice } from './roster';
import { VirtualDevice } from './device';
import { startMeters } from './meters';
import { ProtocolDevice, type ProtocolEndpoint } from './protocols/device';

/** An MQTT device with its secret, or a device speaking a market protocol to that listener. */
export type FleetMember = { device: SimDevice; secret: string } | { device: SimDevice; endpoint: ProtocolEndpoint };

export interface FleetStats {
  total: number;
  connected: number;
  failed: number;
  sent: number;
  answered: number;
}

interface FleetOptions {
  url: string;
  intervalS: number;
  /** The service's HTTP base, for voice messages (device.ts). */
  httpBase?: string;
  /** One line per problem; the fleet keeps going. */
  log: (line: string) => void;
  /** Routine lines (a demo call's progress); default: `log`. */
  info?: (line: string) => void;
  /** Seconds between demo door calls with media (media.ts); 0 none. Default: SIM_CALL_EVERY_S, else 600. */
  callEveryS?: number;
  /**
   * The service's time zone: the demo site's helmets and UWB tags follow their wearers' working day
   * (workers.ts), unless SIM_SHIFTS is \`always\`.
   */
  shiftTimeZone?: string;
}

/** Connections opened at once, so a large fleet does not storm the broker's CONNECT handling. */
const CONNECT_CONCURRENCY = 20;
/** How long a demo call waits for, and then talks to, an operator. */
const DEMO_CALL_HOLD_S = 90;

/** Many virtual devices, started and stopped together. */
export class Fleet {
  readonly devices: (VirtualDevice | ProtocolDevice)[];
  private failed = 0;
  private stopping = false;
  private readonly reported = new Set<string>();
  private callTimer?: NodeJS.Timeout;
  private calling = false;

  constructor(
    members: FleetMember[],
    private readonly opts: FleetOptions,
  ) {
    const shiftTimeZone = shiftsFromEnv() === 'always' ? undefined : opts.shiftTimeZone;
    const onError = (d: SimDevice, err: Error) => this.once(d.imei, err.message);
    this.devices = members.map((m) =>
      'endpoint' in m
        ? new ProtocolDevice(m.device, m.endpoint, { intervalS: opts.intervalS, shiftTimeZone, onError })
        : new VirtualDevice(m.device, m.secret, {
            url: opts.url,
            intervalS: opts.intervalS,
            httpBase: opts.httpBase,
            shiftTimeZone,
            onError,
            onInfo: opts.info ?? opts.log,
          }),
    );
    // The community's prepaid meters read through its 4G gateways (meters.ts).
    startMeters(
      members.flatMap((m) => ('secret' in m ? [m] : [])),
      opts,
      () => this.stopping,
    );
  }

  /** Connects every device; resolves when each has connected or failed (failures are counted). */
  async start(): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < this.devices.length && !this.stopping) {
        const d = this.devices[next++]!;
        try {
          await d.start();
        } catch (err) {
          this.failed++;
          this.once(d.device.imei, (err as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, this.devices.length) }, worker));
    this.scheduleCall();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.callTimer);
    await Promise.all(this.devices.map((d) => d.stop()));
  }

  stats(): FleetStats {
    let connected = 0;
    let sent = 0;
    let answered = 0;
    for (const d of this.devices) {
      if (d.connected) connected++;
      sent += d.brain.sent;
      answered += d.brain.answered;
    }
    return { total: this.devices.length, connected, failed: this.failed, sent, answered };
  }

  /** Now and then one online door unit rings the consoles, with its picture and tone, one call at a time. */
  private scheduleCall(): void {
    const everyS = this.opts.callEveryS ?? callEveryFromEnv();
    if (this.stopping || everyS <= 0 || !this.opts.httpBase || !this.devices.some((d) => d.device.kind === 'doorUnit'))
      return;
    this.callTimer = setTimeout(() => {
      void this.demoCall();
      this.scheduleCall();
    }, everyS * 1000);
    this.callTimer.unref();
  }

  private async demoCall(): Promise<void> {
    const doors = this.devices.filter(
      (d): d is VirtualDevice => d instanceof VirtualDevice && d.device.kind === 'doorUnit' && d.connected,
    );
    const door = doors[Math.floor(Math.random() * doors.length)];
    if (this.calling || this.stopping || !door) return;
    this.calling = true;
    const roomNo = String((1 + Math.floor(Math.random() * 20)) * 100 + 1 + Math.floor(Math.random() * 4));
    try {
      const call = await door.placeCall(roomNo, DEMO_CALL_HOLD_S, this.opts.info ?? this.opts.log);
      await call.ended;
    } catch (err) {
      this.opts.log(`${door.device.imei}: demo call: ${(err as Error).message}`);
    } finally {
      this.calling = false;
    }
  }

  /** Each kind of failure is logged once (naming the first device), not per device and reconnect. */
  private once(imei: string, message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.opts.log(
      `${imei}: ${message}${this.devices.length > 1 ? ' (later failures like this one are not logged)' : ''}`,
    );
  }
}
