/**
 * How a simulated device of one protocol says things (docs/protocols.md): the frames for what its
 * brain reports, and what the service's frames mean to it. One file per protocol in this folder;
 * the speaker (../speaker.ts) picks the voice by the device's protocol.
 */
import type { Framer } from '../../../shared/protocols/types';
import type { SimFix } from '../frames';

/** Alarms a protocol may be able to say (the speaker maps our alarm events onto them). */
export type SimAlarm = 'sos' | 'fall' | 'removed' | 'lowBattery' | 'powerCut';

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

/** What the device last measured, which its heartbeats and positions carry. */
export interface Readings {
  battery: number;
  steps: number;
}

export interface Voice {
  /** The framer of the service's codec for this protocol, with the same limits; none over HTTP. */
  framer?: () => Framer;
  /** Our alarm event names (the brain's) this protocol can say, and as what. */
  alarms: Partial<Record<string, SimAlarm>>;
  /** The first frame on a new connection; none over HTTP. */
  login(r: Readings): Buffer | undefined;
  /** A heartbeat carrying the battery (and steps where the protocol has them); none when it has no such frame. */
  heartbeat(r: Readings): Buffer | undefined;
  position(fix: SimFix, r: Readings): Said;
  /** One of `alarms`' values at the last fix. */
  alarm(fix: SimFix, alarm: SimAlarm, r: Readings): Buffer;
  /** One whole frame from the service. */
  read(frame: Buffer): Heard;
}

/** A device's voice for its identifier (a voice may keep per-connection state: serials, a terminal). */
export type VoiceFactory = (imei: string) => Voice;
