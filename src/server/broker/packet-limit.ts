import type { Duplex } from 'node:stream';

/**
 * Aedes (mqtt-packet) has no packet size limit: it buffers whatever remaining length a client
 * announces, so one PUBLISH announcing 200 MB holds 200 MB of the service's memory. The fixed header
 * says the size up front; the connection is cut there, before the body is buffered.
 */

export const DEFAULT_MAX_PACKET_BYTES = 256 * 1024;

/** The stream's error when a client announces a packet over the limit. */
export class PacketTooLargeError extends Error {
  override name = 'PacketTooLargeError';
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(
      Number.isFinite(size)
        ? `MQTT packet of ${size} bytes over the limit of ${maxBytes}`
        : 'MQTT packet length malformed',
    );
  }
}

/**
 * Follows MQTT framing (1 header byte, remaining length as a 1-4 byte varint, then the body)
 * across the chunks a client sends. Each call answers the size of a packet over `maxBytes`
 * whose header the chunk completed (Infinity for a malformed length), else undefined.
 */
export function packetSizeWatcher(maxBytes: number): (chunk: Uint8Array) => number | undefined {
  let skip = 0; // body bytes of the current packet still to come
  let inLength = false;
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  return (chunk) => {
    let i = 0;
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      const byte = chunk[i++]!;
      if (!inLength) {
        inLength = true;
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      if (byte & 0x80) {
        if (lengthBytes === 4) return Infinity;
        continue;
      }
      inLength = false;
      const size = 1 + lengthBytes + length;
      if (size > maxBytes) return size;
      skip = length;
    }
    return undefined;
  };
}

/**
 * Watches what the stream's source pushes (a net.Socket's reads, a ws stream's messages), so
 * Aedes keeps reading the stream itself, with no extra stream on the hot path. An oversized
 * packet destroys the stream with a PacketTooLargeError; its bytes never reach Aedes.
 */
export function limitPacketSize(stream: Duplex, maxBytes: number, onCut?: (err: PacketTooLargeError) => void): void {
  const over = packetSizeWatcher(maxBytes);
  const push = stream.push.bind(stream);
  let cut = false;
  stream.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (cut) return false;
    if (chunk !== null && chunk !== undefined) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Uint8Array);
      const size = over(bytes);
      if (size !== undefined) {
        cut = true;
        const err = new PacketTooLargeError(size, maxBytes);
        onCut?.(err);
        stream.destroy(err);
        return false;
      }
    }
    return push(chunk, encoding);
  };
}
