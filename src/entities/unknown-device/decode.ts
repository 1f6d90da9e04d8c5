import { LineDecoder } from '../../server/protocols/decode';
import { PROTOCOL_NAMES, type ProtocolName } from '../../server/protocols/types';

/** Above this a frame is not decoded for the list (a watch's voice message): its hex is still shown. */
const MAX_DECODED_BYTES = 4096;

/** An OsmAnd request as the gateway keeps it (`METHOD URI`, a blank line, the body) in the decode tool's JSON form. */
function osmandLine(raw: Buffer): string {
  const text = raw.toString('utf8');
  const cut = text.indexOf('\n\n');
  const head = cut < 0 ? text : text.slice(0, cut);
  const space = head.indexOf(' ');
  return JSON.stringify({
    method: head.slice(0, space),
    uri: head.slice(space + 1),
    headers: {},
    body: cut < 0 ? '' : text.slice(cut + 2),
  });
}

/**
 * An unknown device's last frame read by the decode tool's engine (docs/protocols.md "Decode
 * tool"), as received at `receivedAt` (ms): the identifier, the uplinks the service would have stored and its reply, as JSON, or
 * the codec's error. What support staff would get pasting the frame into `npm run decode`.
 */
export function decodeLastFrame(protocol: string, frame: Buffer, receivedAt: number): string | null {
  if (!(PROTOCOL_NAMES as readonly string[]).includes(protocol) || frame.length > MAX_DECODED_BYTES) return null;
  const name = protocol as ProtocolName;
  const line = new LineDecoder(name).line(name === 'osmand' ? osmandLine(frame) : frame.toString('hex'), receivedAt);
  if (!line) return null;
  return line.error
    ? `error: ${line.error}`
    : JSON.stringify({ identifier: line.imei, uplinks: line.uplinks, reply: line.reply });
}
