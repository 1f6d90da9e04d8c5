/**
 * GT06 commands: an online command packet (0x80) carrying the length, a server flag the device
 * echoes in its answer (0x15, or 0x21 on long-packet devices), and the ASCII command text.
 */
import { commandRefs, nextRef, remember } from '../command-refs';
import { ProtocolError, type OutCommand, type Session } from '../types';
import { REFS_KEY } from './decode';
import { packet } from '../../../shared/protocols/gt06/packet';

/** The longest command text taken: the packet must fit a one-byte length. */
const MAX_TEXT = 200;

export const GT06_COMMANDS = ['locate', 'restart', 'setInterval', 'relay', 'custom'] as const;

function intParam(params: Record<string, unknown>, key: string, min: number, max: number): number {
  const v = params[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new ProtocolError(`${key} must be an integer ${min}-${max}`);
  return v;
}

/** The command text of `command`; undefined when GT06 has no such command. */
function textOf(command: OutCommand): string | undefined {
  const { params } = command;
  switch (command.cmd) {
    case 'locate':
      return 'WHERE#';
    case 'restart':
      return 'RESET#';
    case 'setInterval':
      return `TIMER,${intParam(params, 'seconds', 10, 18_000)}#`;
    case 'relay':
      if (typeof params.on !== 'boolean') throw new ProtocolError('relay needs on: boolean');
      return params.on ? 'RELAY,1#' : 'RELAY,0#';
    case 'custom': {
      const text = params.text;
      if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT)
        throw new ProtocolError(`custom needs text of 1-${MAX_TEXT} characters`);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c < 0x20 || c > 0x7e) throw new ProtocolError('custom text must be printable ASCII');
      }
      return text;
    }
    default:
      return undefined;
  }
}

/** The 0x80 packet; its server flag is remembered against the command id for the answer's ack. */
export function encodeGt06(command: OutCommand, session: Session): Buffer | undefined {
  const text = textOf(command);
  if (text === undefined) return undefined;
  const refs = commandRefs(session, REFS_KEY);
  const flag = nextRef(refs, 0x1_0000_0000);
  remember(refs, flag, command.id);
  const content = Buffer.allocUnsafe(5 + text.length);
  content[0] = 4 + text.length;
  content.writeUInt32BE(flag, 1);
  content.write(text, 5, 'ascii');
  return packet(0x80, flag, content);
}
