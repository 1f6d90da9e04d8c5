/**
 * Commands to a TRV / "IW" watch (docs/protocols.md#trv). Traccar has no encoder for the
 * protocol; the frames are the makers' documents': `IWBPxx,<IMEI>,<serial>[,...]#`, and the watch
 * answers `IWAPxx,<serial>[,...]#`. The serial is six digits of our own per connection, so the
 * answer names the command (decode.ts `answer`).
 */
import { commandRefs, nextRef, remember } from '../command-refs';
import { type OutCommand, ProtocolError, type Session } from '../types';
import { trvFrame } from '../../../shared/protocols/trv/frame';
import { REFS_KEY } from './decode';

const PHONE_RE = /^\+?\d{1,20}$/;
const MAX_SOS = 3;
const MAX_TEXT = 500;
/** Serials are six digits. */
const SERIALS = 1_000_000;

export const TRV_COMMANDS = ['locate', 'setInterval', 'restart', 'broadcast', 'sosNumbers', 'custom'] as const;

/** BP40 carries its text as UTF-16BE in hex, so any script reaches the watch's screen. */
const utf16Hex = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase();

/** The type and the values after the serial, or undefined for a command the watches do not have. */
function content(command: OutCommand): { type: string; values: string[] } | undefined {
  const p = command.params;
  switch (command.cmd) {
    case 'locate':
      return { type: 'BP16', values: [] };
    case 'restart':
      return { type: 'BP18', values: [] };
    case 'setInterval': {
      const s = p.seconds;
      if (typeof s !== 'number' || !Number.isInteger(s) || s < 10 || s > 86_400)
        throw new ProtocolError('seconds: an integer from 10 to 86400');
      return { type: 'BP15', values: [String(s)] };
    }
    case 'broadcast': {
      const t = p.text;
      if (typeof t !== 'string' || t.length === 0 || t.length > MAX_TEXT)
        throw new ProtocolError(`text: 1 to ${MAX_TEXT} characters`);
      return { type: 'BP40', values: [utf16Hex(t)] };
    }
    case 'sosNumbers': {
      const n = p.numbers;
      if (
        !Array.isArray(n) ||
        n.length > MAX_SOS ||
        !n.every((s): s is string => typeof s === 'string' && PHONE_RE.test(s))
      )
        throw new ProtocolError(`numbers: up to ${MAX_SOS} phone numbers`);
      // All three slots are sent: a slot left out would keep its old number.
      return { type: 'BP12', values: [0, 1, 2].map((i) => n[i] ?? '') };
    }
    default:
      return undefined;
  }
}

/**
 * custom {text}: a whole server frame, `IWBPxx,...` with or without its final `#`. When its third
 * field is a six-digit serial, the watch's answer naming it acknowledges the command.
 */
function custom(command: OutCommand, session: Session): Buffer {
  const t = command.params.text;
  if (typeof t !== 'string') throw new ProtocolError('text: a frame IWBPxx,...');
  const frame = t.endsWith('#') ? t.slice(0, -1) : t;
  if (!/^IWBP[0-9A-Z]{2}(,[\x20-\x22\x24-\x7e]*)?$/.test(frame))
    throw new ProtocolError('text: a frame IWBPxx,... (printable, no # inside)');
  const serial = frame.split(',')[2];
  if (serial !== undefined && /^\d{6}$/.test(serial))
    remember(commandRefs(session, REFS_KEY), Number(serial), command.id);
  return Buffer.from(`${frame}#`, 'latin1');
}

export function encodeTrv(command: OutCommand, session: Session): Buffer | undefined {
  if (command.cmd === 'custom') return custom(command, session);
  const c = content(command);
  if (c === undefined) return undefined;
  if (!session.imei) throw new ProtocolError('no watch bound to this connection');
  const refs = commandRefs(session, REFS_KEY);
  const ref = nextRef(refs, SERIALS);
  remember(refs, ref, command.id);
  const serial = String(ref).padStart(6, '0');
  return trvFrame(c.type, `,${[session.imei, serial, ...c.values].join(',')}`);
}
