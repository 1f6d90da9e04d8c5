/**
 * Teltonika commands: codec 12 packets of type 0x05 carrying the command text in ASCII (SMS/GPRS
 * commands of Teltonika's documents). The device answers each with a codec 12 response (0x06)
 * that names no command: answers are taken oldest first.
 */
import { commandRefs, nextRef, remember } from '../command-refs';
import { ProtocolError, type OutCommand, type Session } from '../types';
import { REFS_KEY } from './decode';
import { CODEC12_COMMAND, codec12 } from '../../../shared/protocols/teltonika/packet';

/** The longest command text taken (commandParams.custom's). */
const MAX_TEXT = 200;

export const TELTONIKA_COMMANDS = ['locate', 'restart', 'relay', 'custom'] as const;

/** The command text of `command`; undefined when Teltonika has no such command. */
function textOf(command: OutCommand): string | undefined {
  const { params } = command;
  switch (command.cmd) {
    case 'locate':
      return 'getgps';
    case 'restart':
      return 'cpureset';
    case 'relay':
      if (typeof params.on !== 'boolean') throw new ProtocolError('relay needs on: boolean');
      // Digital output 1: on drives the relay (cuts the wired circuit), off releases it.
      return params.on ? 'setdigout 1' : 'setdigout 0';
    case 'custom': {
      const text = params.text;
      if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT)
        throw new ProtocolError(`custom needs text of 1-${MAX_TEXT} characters`);
      if (!/^[\x20-\x7e]+$/.test(text)) throw new ProtocolError('custom text must be printable ASCII');
      return text;
    }
    default:
      return undefined;
  }
}

/** The codec 12 packet; the command id waits for the next response. */
export function encodeTeltonika(command: OutCommand, session: Session): Buffer | undefined {
  const text = textOf(command);
  if (text === undefined) return undefined;
  const refs = commandRefs(session, REFS_KEY);
  remember(refs, nextRef(refs, 0x1_0000_0000), command.id);
  return codec12(CODEC12_COMMAND, text);
}
