/**
 * Commands to a watch (docs/protocols.md), as Traccar's WatchProtocolEncoder frames them:
 * `[MAKER*ID*LLLL*CONTENT]` with the maker code the watch itself uses. Watches answer none of
 * them with an acknowledgement the console could match, so no 'ack' uplink follows.
 */
import { type OutCommand, ProtocolError, type Session } from '../types';
import { buildFrame } from '../../../shared/protocols/watch/frame';
import { watchState } from './decode';

/** The maker code when the watch has not sent a frame on this connection yet. */
const DEFAULT_MAKER = 'SG';
/** The sequence field of frames to a watch that numbers its own (Traccar sends 0001). */
const INDEX = '0001';
const PHONE_RE = /^\+?\d{1,20}$/;
const PERIOD_RE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
/** The watches keep four do-not-disturb periods and three SOS numbers. */
const MAX_PERIODS = 4;
const MAX_SOS = 3;
const MAX_TEXT = 500;

export const WATCH_COMMANDS = [
  'locate',
  'setInterval',
  'restart',
  'broadcast',
  'sosNumbers',
  'doNotDisturb',
  'custom',
] as const;

function text(params: Record<string, unknown>, key: string): string {
  const v = params[key];
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_TEXT)
    throw new ProtocolError(`${key}: 1 to ${MAX_TEXT} characters`);
  return v;
}

function strings(params: Record<string, unknown>, key: string, min: number, max: number, re: RegExp): string[] {
  const v = params[key];
  if (
    !Array.isArray(v) ||
    v.length < min ||
    v.length > max ||
    !v.every((s): s is string => typeof s === 'string' && re.test(s))
  )
    throw new ProtocolError(`${key}: ${min} to ${max} of ${re}`);
  return v;
}

/** MESSAGE carries its text as UTF-16BE in hex, so any script reaches the watch's screen. */
const utf16Hex = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase();

/** The frame's content, or undefined for a command watches do not have. */
function content(command: OutCommand): string | undefined {
  const p = command.params;
  switch (command.cmd) {
    case 'locate':
      return 'CR';
    case 'restart':
      return 'RESET';
    case 'setInterval': {
      const s = p.seconds;
      if (typeof s !== 'number' || !Number.isInteger(s) || s < 10 || s > 86_400)
        throw new ProtocolError('seconds: an integer from 10 to 86400');
      return `UPLOAD,${s}`;
    }
    case 'broadcast':
      return `MESSAGE,${utf16Hex(text(p, 'text'))}`;
    case 'sosNumbers': {
      const numbers = strings(p, 'numbers', 0, MAX_SOS, PHONE_RE);
      // All three slots are sent: a slot left out would keep its old number.
      return `SOS,${[0, 1, 2].map((i) => numbers[i] ?? '').join(',')}`;
    }
    case 'doNotDisturb':
      return `SILENCETIME,${strings(p, 'periods', 1, MAX_PERIODS, PERIOD_RE).join(',')}`;
    case 'custom': {
      const t = text(p, 'text');
      // The text is the frame's content: a bracket or a control byte would break the framing.
      if ([...t].some((ch) => ch === '[' || ch === ']' || ch < ' ' || ch === '\x7f'))
        throw new ProtocolError('text: no brackets or control characters');
      return t;
    }
    default:
      return undefined;
  }
}

export function encodeWatch(command: OutCommand, session: Session): Buffer | undefined {
  const body = content(command);
  if (body === undefined) return undefined;
  if (!session.imei) throw new ProtocolError('no watch id bound to this connection');
  const state = watchState(session);
  return buildFrame(state.maker ?? DEFAULT_MAKER, session.imei, state.indexed ? INDEX : undefined, body);
}
