import type { RtpPacket, RTCIceServer } from 'werift';

// The SFU's public types (sfu.ts re-exports them): its options, errors and what it tells callers.

export type MediaKind = 'audio' | 'video';

export interface SfuOptions {
  iceServers?: RTCIceServer[];
  /** Most participants a room admits (docs/requirements: a conference room's capacity, 16). */
  maxParticipants?: number;
  /** Host addresses to offer besides the machine's own (e.g. 127.0.0.1 for a single host). */
  extraHostAddresses?: string[];
  /** How long a connection may take to connect before it is dropped. */
  connectTimeoutMs?: number;
  /** UDP ports to bind (MEDIA_PORTS); unset: any free port. */
  portRange?: [number, number];
  /** Most video packets kept since a key frame for new subscribers (GOP_PACKETS). */
  gopPackets?: number;
}

export class SfuError extends Error {
  constructor(
    readonly key: 'roomFull' | 'noSuchPublisher' | 'noSuchSession' | 'badSdp',
    message: string,
  ) {
    super(message);
    this.name = 'SfuError';
  }
}

/** A publisher inside this process (Sfu.publishLocal). */
export interface LocalPublisher {
  write(kind: MediaKind, rtp: RtpPacket): void;
  /** Subscribers and taps receiving it now: a bridge with none for a while stops. */
  subscribers(): number;
  close(): void;
}

/** Receives a publisher's RTP as it arrived (its own SSRC, payload type and extensions). */
export type RtpTap = (kind: MediaKind, packet: Buffer) => void;

export interface PublisherInfo {
  uid: string;
  kinds: MediaKind[];
  /** Grows each time anyone publishes: a uid that published again (a network change) has a new one, and its subscribers subscribe anew. */
  publication: number;
}
