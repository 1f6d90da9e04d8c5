/**
 * The contract between the protocol gateway (listeners, identity, ingest, replies after the
 * commit) and each protocol's codec (framing, decoding, encoding). A codec is pure: no sockets,
 * no database, no clock of its own; everything it knows of the connection is its Session.
 * docs/protocols.md describes each protocol.
 */
import type { Uplink } from '../../shared/devices/protocol';

export const PROTOCOL_NAMES = ['watch', 'gt06', 'jt808', 'osmand'] as const;
export type ProtocolName = (typeof PROTOCOL_NAMES)[number];
/** Traccar's ports, so a device set up for a Traccar server works when pointed here. */
export const PROTOCOL_PORTS: Record<ProtocolName, number> = { watch: 5093, gt06: 5023, jt808: 5015, osmand: 5055 };

/** A frame the codec cannot take: counted, kept in the raw log, never thrown past the gateway. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

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

export interface Decoded {
  /** The identifier this frame names, when it names one. */
  imei?: string;
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

/** Splits a byte stream into whole frames. */
export interface Framer {
  /** The whole frames completed by `chunk` (a partial one is kept). Throws ProtocolError on garbage it cannot resynchronise from or an oversized frame. */
  push(chunk: Buffer): Buffer[];
  /** Bytes held of a partial frame (the gateway times out a frame left half-sent). */
  pending(): number;
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
