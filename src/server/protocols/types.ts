/**
 * The contract between the protocol gateway (listeners, identity, ingest, replies after the
 * commit) and each protocol's codec (framing, decoding, encoding). A codec is pure: no sockets,
 * no database, no clock of its own; everything it knows of the connection is its Session.
 * docs/protocols.md describes each protocol.
 */
import type { Uplink } from '../../shared/devices/protocol';
import type { Framer, ProtocolName } from '../../shared/protocols/types';

// The wire's own part of the contract (names, ports, framing, the codec's error) lives in
// src/shared/protocols, where the simulator's devices use it too.
export { PROTOCOL_NAMES, ProtocolError } from '../../shared/protocols/types';
export type { Framer, ProtocolName } from '../../shared/protocols/types';

/** What one connection has told the codec so far. */
export interface Session {
  /** The identifier (IMEI, or the JT/T 808 terminal number) bound by the login; later frames must name it or none. */
  imei?: string;
  /** The codec's own per-connection state (the device's maker code, serial counters, pending commands, ...). */
  state: Record<string, unknown>;
}

export const newSession = (): Session => ({ state: {} });

/** What the gateway decided about a login that needs the server's word (JT/T 808 registration and authentication). */
export interface Verdict {
  ok: boolean;
  /** Registration: the authentication code the terminal must present at 0x0102. */
  authCode?: string;
}

/** A media file a device sent (a watch's voice message or photo). */
export interface DeviceMedia {
  kind: 'audio' | 'image';
  /** 'audio/amr', 'image/jpeg'. */
  mime: string;
  data: Buffer;
}

/**
 * A departure from its protocol that a device on the market makes and the gateway accepts, as
 * Traccar does; each is counted per device and marked in the raw frame log, and a product with
 * strict framing refuses the frame instead (docs/protocols.md "Leniencies").
 */
export type Irregularity =
  /** GT06 CRC-ITU, JT/T 808 XOR check code. */
  | 'checksumMismatch'
  /** The length field disagrees with the frame's content. */
  | 'lengthMismatch'
  /** JT/T 808: the RSA-encryption attribute bit set on a plain body. */
  | 'encryptionBit'
  /** JT/T 808: 0x7d followed by a byte other than 01/02 (the pair dropped). */
  | 'badEscape';

/** How the raw frame log marks each irregularity of a frame. */
export const IRREGULARITY_NOTES: Readonly<Record<Irregularity, string>> = {
  checksumMismatch: 'checksum wrong, accepted',
  lengthMismatch: 'length wrong, accepted',
  encryptionBit: 'encryption bit on a plain body, accepted',
  badEscape: 'bad escape dropped, accepted',
};

export interface Decoded {
  /** What the frame got wrong and was accepted with; none when it kept to its protocol. */
  irregular?: Irregularity[];
  /** The identifier this frame names, when it names one. */
  imei?: string;
  /**
   * Every form the identifier may be registered under, in order of preference, `imei` among them
   * (a JT/T 808 terminal number with and without its leading zeros, ...): the gateway binds the
   * first registered one. None: `imei` alone.
   */
  imeiCandidates?: string[];
  /** This frame is a login (it binds the connection to `imei`); 'register' and 'authenticate' are JT/T 808's. */
  login?: 'login' | 'register' | 'authenticate';
  /** 'authenticate': the code the terminal presented. */
  authCode?: string;
  /** Our own messages, validated by the gateway against uplinkSchema. Times are UTC ms, speeds km/h. */
  uplinks: Uplink[];
  media?: DeviceMedia[];
  /**
   * The protocol's acknowledgement. When the frame carries uplinks it leaves after they were
   * stored (or refused for good); a frame whose uplinks were lost gets none.
   */
  reply?: Buffer;
  /** Built once the gateway decided (register, authenticate): replaces `reply`. */
  answer?: (verdict: Verdict) => Buffer;
  /** One line for the raw frame log: the message type and what it carried. */
  summary: string;
}

/** A command the console sends (src/shared/devices/protocol.ts commandParams, plus the protocol's own). */
export interface OutCommand {
  /** Our command id: an 'ack' uplink with `ref` = id answers it where the protocol acknowledges commands. */
  id: number;
  cmd: string;
  params: Record<string, unknown>;
}

export interface StreamCodec {
  name: Exclude<ProtocolName, 'osmand'>;
  transport: 'tcp';
  /** Traccar's port for the protocol. */
  defaultPort: number;
  /** Largest frame accepted, in bytes. */
  maxFrame: number;
  /** Frames are text (watch): the raw log shows them as text beside the hex. */
  text: boolean;
  framer(): Framer;
  /** One whole frame (as the framer returned it). Throws ProtocolError on a frame it cannot decode. `now`: receive time, UTC ms. */
  decode(frame: Buffer, session: Session, now: number): Decoded;
  /** The frame sending a command, or undefined when the protocol has no such command. Throws ProtocolError on bad params. */
  encode(command: OutCommand, session: Session, now: number): Buffer | undefined;
  /** The commands encode() knows. */
  commands: readonly string[];
  /**
   * Whether the device answers a command with a frame decoded as an 'ack' uplink naming it (GT06
   * 0x15/0x21, JT/T 808 0x0001); false: a command written to the socket counts as done (the watch).
   */
  acknowledges: boolean;
}

/** An HTTP request as the OsmAnd listener (and the decode tool) sees it. */
export interface HttpRequestLike {
  method: string;
  uri: string;
  headers: Record<string, string>;
  body: string;
}

export interface HttpDecoded {
  imei?: string;
  uplinks: Uplink[];
  /** The HTTP status to answer with (200, 400 without a device id). */
  status: number;
  summary: string;
}

export interface HttpCodec {
  name: 'osmand';
  transport: 'http';
  defaultPort: number;
  decode(req: HttpRequestLike, now: number): HttpDecoded;
}
