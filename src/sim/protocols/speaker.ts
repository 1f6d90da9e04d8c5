/**
 * A simulated device's messages in a market protocol (docs/protocols.md): the uplinks the device
 * brain would publish over MQTT become the frames a real device of that protocol sends, and the
 * service's frames are read back (acknowledgements, the JT/T 808 registration answer). Pure: no
 * sockets; device.ts carries the bytes.
 */
import { Gt06Framer, MAX_FRAME as GT06_MAX_FRAME } from '../../shared/protocols/gt06/framer';
import { parseFrame } from '../../shared/protocols/jt808/frame';
import { Jt808Framer, MAX_FRAME as JT808_MAX_FRAME } from '../../shared/protocols/jt808/framer';
import type { Framer, ProtocolName } from '../../shared/protocols/types';
import { WatchFramer } from '../../shared/protocols/watch/frame';
import type { UplinkInput } from '../messages';
import { gt06Frames, Jt808Terminal, osmandUri, watchFrames, type SimFix } from './frames';

/** What the device sends for one uplink: a TCP frame, or the OsmAnd request's path and query. */
export type Said = { frame: Buffer } | { uri: string };

/** What a frame from the service meant to the device. */
export type Heard =
  /** An acknowledgement of something it sent (or the login's answer). */
  | { kind: 'ack' }
  /** The login was answered (GT06 login, the watch's link, JT/T 808 authenticated): the device may send data; later, an acknowledgement. */
  | { kind: 'ready' }
  /** Send this frame in answer (JT/T 808: the authentication with the code the registration gave). */
  | { kind: 'answer'; frame: Buffer }
  /** The service refused the login: the device stops trying. */
  | { kind: 'refused'; why: string }
  | { kind: 'other' };

/** Alarms each protocol can say (frames.ts), by our alarm event name. */
const ALARMS: Record<ProtocolName, Partial<Record<string, 'sos' | 'fall' | 'removed' | 'lowBattery' | 'powerCut'>>> = {
  gt06: { sos: 'sos', fall: 'fall', wearOff: 'removed', lowBattery: 'lowBattery', powerLoss: 'powerCut' },
  watch: { sos: 'sos', fall: 'fall', wearOff: 'removed', lowBattery: 'lowBattery' },
  jt808: { sos: 'sos' },
  osmand: {},
};

/** The framers of the service's codecs (src/server/protocols/<name>/index.ts), with the same frame limits. */
const FRAMERS: Record<Exclude<ProtocolName, 'osmand'>, () => Framer> = {
  gt06: () => new Gt06Framer(GT06_MAX_FRAME),
  jt808: () => new Jt808Framer(JT808_MAX_FRAME),
  watch: () => new WatchFramer(),
};

/** JT/T 808 platform messages: the registration answer and the general response. */
const JT_REGISTERED = 0x8100;
const JT_GENERAL = 0x8001;
const JT_AUTHENTICATE = 0x0102;

export class ProtocolSpeaker {
  /** Battery % and steps as the device last measured them (heartbeats and positions carry them). */
  battery = 80;
  steps = 0;
  private fix: SimFix;
  private serial = 0;
  private readonly terminal?: Jt808Terminal;
  private readonly framer?: Framer;

  constructor(
    readonly protocol: ProtocolName,
    readonly imei: string,
    home: { lat: number; lon: number },
  ) {
    this.fix = { lat: home.lat, lon: home.lon, at: Date.now() };
    if (protocol === 'jt808') this.terminal = new Jt808Terminal(imei);
    if (protocol !== 'osmand') this.framer = FRAMERS[protocol]();
  }

  /** The first frame on a new connection: GT06 login, the watch's link, the JT/T 808 registration; none over HTTP. */
  login(): Buffer | undefined {
    switch (this.protocol) {
      case 'gt06':
        return gt06Frames.login(this.imei, this.nextSerial());
      case 'watch':
        return watchFrames.link(this.imei, this.battery, this.steps);
      case 'jt808':
        return this.terminal!.register();
      case 'osmand':
        return undefined;
    }
  }

  /** The frame (or request) for one uplink, or undefined when the protocol has no way to say it. */
  say(u: UplinkInput, now: number): Said | undefined {
    const frame = (b: Buffer | undefined): Said | undefined => (b ? { frame: b } : undefined);
    switch (u.kind) {
      case 'status':
        if (u.online !== true) return undefined;
        if (u.battery !== undefined) this.battery = u.battery;
        return frame(this.heartbeat());
      case 'telemetry': {
        // Heartbeats carry the battery (and the watch's steps); other readings have no place in them.
        const { battery, steps } = u.values;
        if (typeof battery !== 'number' && typeof steps !== 'number') return undefined;
        if (typeof battery === 'number') this.battery = battery;
        if (typeof steps === 'number') this.steps = steps;
        return frame(this.heartbeat());
      }
      case 'location': {
        // Satellite fixes only: a cell or Wi-Fi fix is the platform's to work out from radio data the
        // simulator does not make up, and a UWB tag's x/y has no place in these protocols.
        if ((u.source ?? 'gps') !== 'gps' || !('lat' in u) || u.lat === undefined || u.lon === undefined)
          return undefined;
        const fix: SimFix = { lat: u.lat, lon: u.lon, speed: u.speed, heading: u.heading, at: now, satellites: 9 };
        this.fix = fix;
        return this.position(fix);
      }
      case 'alarm': {
        const alarm = ALARMS[this.protocol][u.alarm];
        if (!alarm) return undefined;
        const fix = { ...this.fix, at: now };
        if (this.protocol === 'gt06') return frame(gt06Frames.alarm(this.nextSerial(), fix, alarm));
        if (this.protocol === 'watch')
          return frame(
            watchFrames.alarm(this.imei, fix, this.battery, alarm as 'sos' | 'fall' | 'removed' | 'lowBattery'),
          );
        return frame(this.terminal!.location(fix, true));
      }
      default:
        return undefined;
    }
  }

  private heartbeat(): Buffer | undefined {
    switch (this.protocol) {
      case 'gt06':
        return gt06Frames.heartbeat(this.nextSerial(), this.battery);
      case 'watch':
        return watchFrames.link(this.imei, this.battery, this.steps);
      case 'jt808':
        return this.terminal!.heartbeat();
      case 'osmand':
        return undefined;
    }
  }

  private position(fix: SimFix): Said {
    switch (this.protocol) {
      case 'gt06':
        return { frame: gt06Frames.location(this.nextSerial(), fix) };
      case 'watch':
        return { frame: watchFrames.position(this.imei, fix, this.battery, this.steps) };
      case 'jt808':
        return { frame: this.terminal!.location(fix) };
      case 'osmand':
        return { uri: osmandUri(this.imei, fix, this.battery) };
    }
  }

  /** GT06 serials are two bytes and wrap. */
  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** Bytes from the service, cut into frames and read. Throws the codec's ProtocolError on garbage. */
  hear(chunk: Buffer): Heard[] {
    return (this.framer?.push(chunk) ?? []).map((f) => this.read(f));
  }

  private read(frame: Buffer): Heard {
    if (this.protocol === 'gt06') return frame[3] === 0x01 ? { kind: 'ready' } : { kind: 'ack' };
    // The watch's link (LK) is answered in kind: the first answer is the login's.
    if (this.protocol === 'watch')
      return frame.toString('latin1').split('*')[3]?.startsWith('LK') ? { kind: 'ready' } : { kind: 'ack' };
    const m = parseFrame(frame);
    const body = m.data.subarray(m.bodyStart, m.bodyEnd);
    if (m.id === JT_REGISTERED) {
      // Answer serial (2), result (1: 0 success), then the authentication code.
      if (body[2] !== 0) return { kind: 'refused', why: `registration refused (result ${body[2]})` };
      return { kind: 'answer', frame: this.terminal!.authenticate(body.subarray(3).toString('latin1')) };
    }
    if (m.id === JT_GENERAL && body.length >= 5 && body.readUInt16BE(2) === JT_AUTHENTICATE) {
      return body[4] === 0 ? { kind: 'ready' } : { kind: 'refused', why: `authentication refused (result ${body[4]})` };
    }
    return m.id === JT_GENERAL ? { kind: 'ack' } : { kind: 'other' };
  }
}

/** Whether `protocol` can say this uplink (`send` checks before connecting). */
export function protocolSays(protocol: ProtocolName, u: UplinkInput): boolean {
  return new ProtocolSpeaker(protocol, '13900000000', { lat: 0, lon: 0 }).say(u, Date.now()) !== undefined;
}
