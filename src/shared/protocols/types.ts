/**
 * What the service's protocol gateway and the simulator's protocol devices share of the market
 * protocols (docs/protocols.md): their names and ports, framing, and the error a malformed frame
 * raises. The codecs' contract with the gateway is src/server/protocols/types.ts.
 */

export const PROTOCOL_NAMES = ['watch', 'gt06', 'jt808', 'osmand', 'h02', 'trv', 'teltonika'] as const;
export type ProtocolName = (typeof PROTOCOL_NAMES)[number];
/** Traccar's ports, so a device set up for a Traccar server works when pointed here. */
export const PROTOCOL_PORTS: Record<ProtocolName, number> = {
  watch: 5093,
  gt06: 5023,
  jt808: 5015,
  osmand: 5055,
  h02: 5013,
  trv: 5010,
  teltonika: 5027,
};

/** A position as a device reports it, for the frame builders: degrees, km/h, degrees from north, UTC ms. */
export interface DeviceFix {
  lat: number;
  lon: number;
  speed?: number;
  heading?: number;
  at: number;
  valid?: boolean;
  satellites?: number;
}

/** A frame the codec cannot take: counted, kept in the raw log, never thrown past the gateway. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** Splits a byte stream into whole frames. */
export interface Framer {
  /** The whole frames completed by `chunk` (a partial one is kept). Throws ProtocolError on garbage it cannot resynchronise from or an oversized frame. */
  push(chunk: Buffer): Buffer[];
  /** Bytes held of a partial frame (the gateway times out a frame left half-sent). */
  pending(): number;
  /**
   * Bytes dropped as garbage (no frame start, a start that led to no frame) since the last call,
   * which resets the count: the gateway counts them as bad input (docs/protocols.md "Limits").
   */
  dropped?(): number;
}
