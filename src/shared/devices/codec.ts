/**
 * Payload encodings of the device protocol: JSON text or CBOR (RFC 8949). The decoder tells
 * them apart by the first byte: a JSON message is an object, so it starts with `{` (0x7b), which
 * as a CBOR initial byte would be a top-level text string, never a valid message.
 */
import { decode, encode } from 'cbor2';

export type Encoding = 'json' | 'cbor';

export function encodePayload(message: object, encoding: Encoding): Uint8Array {
  return encoding === 'cbor' ? encode(message) : new TextEncoder().encode(JSON.stringify(message));
}

export class PayloadError extends Error {
  override name = 'PayloadError';
}

/** The decoded object and which encoding it came in; throws PayloadError for anything else. */
export function decodePayload(bytes: Uint8Array): { value: unknown; encoding: Encoding } {
  if (bytes.length === 0) throw new PayloadError('empty payload');
  const first = bytes[0]!;
  // Leading whitespace is tolerated for hand-typed JSON (mosquitto_pub).
  if (first === 0x7b || first === 0x20 || first === 0x0a || first === 0x0d || first === 0x09) {
    try {
      return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), encoding: 'json' };
    } catch (err) {
      throw new PayloadError(`invalid JSON: ${(err as Error).message}`);
    }
  }
  try {
    return { value: decode(bytes), encoding: 'cbor' };
  } catch (err) {
    throw new PayloadError(`invalid CBOR: ${(err as Error).message}`);
  }
}
