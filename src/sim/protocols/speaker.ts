/**
 * A simulated device's messages in a market protocol (docs/protocols.md): the uplinks the device
 * brain would publish over MQTT become the frames a real device of that protocol sends, and the
 * service's frames are read back (acknowledgements, the JT/T 808 registration answer). Pure: no
 * sockets; device.ts carries the bytes.
 */
import type { Framer, ProtocolName } from '../../shared/protocols/types';
import type { UplinkInput } from '../messages';
import type { SimFix } from './frames';
import { gt06Voice, jt808Voice, osmandVoice, watchVoice } from './voices/classic';
import { h02Voice } from './voices/h02';
import { teltonikaVoice } from './voices/teltonika';
import { trvVoice } from './voices/trv';
import type { Heard, Readings, Said, Voice, VoiceFactory } from './voices/types';

export type { Heard, Said } from './voices/types';

/** Each protocol's voice (voices/): its frames, its alarms, how it reads the service. */
const VOICES: Record<ProtocolName, VoiceFactory> = {
  gt06: gt06Voice,
  watch: watchVoice,
  jt808: jt808Voice,
  osmand: osmandVoice,
  h02: h02Voice,
  trv: trvVoice,
  teltonika: teltonikaVoice,
};

export class ProtocolSpeaker {
  /** Battery % and steps as the device last measured them (heartbeats and positions carry them). */
  readonly readings: Readings = { battery: 80, steps: 0 };
  private fix: SimFix;
  private readonly voice: Voice;
  private readonly framer?: Framer;

  constructor(
    readonly protocol: ProtocolName,
    readonly imei: string,
    home: { lat: number; lon: number },
  ) {
    this.fix = { lat: home.lat, lon: home.lon, at: Date.now() };
    this.voice = VOICES[protocol](imei);
    this.framer = this.voice.framer?.();
  }

  /** The first frame on a new connection (GT06 login, the watch's link, the JT/T 808 registration, ...); none over HTTP. */
  login(): Buffer | undefined {
    return this.voice.login(this.readings);
  }

  /** The frame (or request) for one uplink, or undefined when the protocol has no way to say it. */
  say(u: UplinkInput, now: number): Said | undefined {
    const frame = (b: Buffer | undefined): Said | undefined => (b ? { frame: b } : undefined);
    switch (u.kind) {
      case 'status':
        if (u.online !== true) return undefined;
        if (u.battery !== undefined) this.readings.battery = u.battery;
        return frame(this.voice.heartbeat(this.readings));
      case 'telemetry': {
        // Heartbeats carry the battery (and the watch's steps); other readings have no place in them.
        const { battery, steps } = u.values;
        if (typeof battery !== 'number' && typeof steps !== 'number') return undefined;
        if (typeof battery === 'number') this.readings.battery = battery;
        if (typeof steps === 'number') this.readings.steps = steps;
        return frame(this.voice.heartbeat(this.readings));
      }
      case 'location': {
        // Satellite fixes only: a cell or Wi-Fi fix is the platform's to work out from radio data the
        // simulator does not make up, and a UWB tag's x/y has no place in these protocols.
        if ((u.source ?? 'gps') !== 'gps' || !('lat' in u) || u.lat === undefined || u.lon === undefined)
          return undefined;
        const fix: SimFix = { lat: u.lat, lon: u.lon, speed: u.speed, heading: u.heading, at: now, satellites: 9 };
        this.fix = fix;
        return this.voice.position(fix, this.readings);
      }
      case 'alarm': {
        const alarm = this.voice.alarms[u.alarm];
        if (!alarm) return undefined;
        return frame(this.voice.alarm({ ...this.fix, at: now }, alarm, this.readings));
      }
      default:
        return undefined;
    }
  }

  /** Bytes from the service, cut into frames and read. Throws the codec's ProtocolError on garbage. */
  hear(chunk: Buffer): Heard[] {
    return (this.framer?.push(chunk) ?? []).map((f) => this.voice.read(f));
  }
}

/** Whether `protocol` can say this uplink (`send` checks before connecting). */
export function protocolSays(protocol: ProtocolName, u: UplinkInput): boolean {
  return new ProtocolSpeaker(protocol, '13900000000', { lat: 0, lon: 0 }).say(u, Date.now()) !== undefined;
}
