/**
 * JT/T 808 commands: each a platform message under the connection's next serial, which the
 * terminal's general response (0x0001) or location answer (0x0201) names.
 */
import { commandRefs, nextRef, remember } from '../command-refs';
import { ProtocolError, type OutCommand, type Session } from '../types';
import { REFS_KEY, TERMINAL_KEY } from './decode';
import { buildFrame, MAX_BODY, type Terminal } from '../../../shared/protocols/jt808/frame';
import { encodeGbk } from '../../../shared/protocols/jt808/gbk';

export const JT808_COMMANDS = ['locate', 'setInterval', 'restart', 'broadcast', 'custom'] as const;

/** Text broadcast flags: show on the terminal's display (bit 2) and read aloud (bit 3, TTS). */
const BROADCAST_FLAGS = 0x0c;

/**
 * The terminal to address: its last message's phone number and edition; before any message,
 * the bound identifier as BCD (6 bytes, 10 with version 1 when it is longer than 12 digits).
 */
function terminalOf(session: Session): Terminal {
  const held = session.state[TERMINAL_KEY] as Terminal | undefined;
  if (held) return held;
  const id = session.imei ?? '';
  const wide = id.length > 12;
  const digits = id.padStart(wide ? 20 : 12, '0');
  const phone = Buffer.from(digits, 'hex');
  if (id.length === 0 || id.length > 20 || phone.length * 2 !== digits.length)
    throw new ProtocolError('no terminal number to address');
  return { phone, version: wide ? 1 : undefined };
}

/** The message id and body of `command`; undefined when JT/T 808 has no such command. */
function messageOf(command: OutCommand, terminal: Terminal): [number, Buffer] | undefined {
  const { params } = command;
  switch (command.cmd) {
    case 'locate':
      return [0x8201, Buffer.alloc(0)];
    case 'setInterval': {
      const seconds = params.seconds;
      if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)
        throw new ProtocolError('seconds must be an integer 1-86400');
      // Set parameters: one parameter, 0x0029 (default reporting interval, s), 4 bytes.
      const body = Buffer.alloc(10);
      body[0] = 1;
      body.writeUInt32BE(0x0029, 1);
      body[5] = 4;
      body.writeUInt32BE(seconds, 6);
      return [0x8103, body];
    }
    case 'restart':
      // Terminal control, command word 4: reset.
      return [0x8105, Buffer.from([4])];
    case 'broadcast': {
      const text = params.text;
      if (typeof text !== 'string' || text.length === 0) throw new ProtocolError('broadcast needs text');
      // The 2019 edition adds a text type after the flags: 1, a notice.
      const head = terminal.version === undefined ? [BROADCAST_FLAGS] : [BROADCAST_FLAGS, 1];
      return [0x8300, Buffer.concat([Buffer.from(head), encodeGbk(text)])];
    }
    case 'custom': {
      // The message id and body in hex (the console's raw command text); the header, serial and check code are added here.
      const hex = typeof params.text === 'string' ? params.text.replace(/\s+/g, '') : params.hex;
      if (typeof hex !== 'string' || hex.length < 4 || hex.length % 2 !== 0)
        throw new ProtocolError('custom needs hex: message id and body');
      const raw = Buffer.from(hex, 'hex');
      if (raw.length * 2 !== hex.length) throw new ProtocolError('custom hex is not hex');
      return [raw.readUInt16BE(0), raw.subarray(2)];
    }
    default:
      return undefined;
  }
}

export function encodeJt808(command: OutCommand, session: Session): Buffer | undefined {
  const terminal = terminalOf(session);
  const message = messageOf(command, terminal);
  if (!message) return undefined;
  if (message[1].length > MAX_BODY) throw new ProtocolError(`body of ${message[1].length} bytes over ${MAX_BODY}`);
  const refs = commandRefs(session, REFS_KEY);
  const serial = nextRef(refs, 0x10000);
  remember(refs, serial, command.id);
  return buildFrame(message[0], serial, terminal, message[1]);
}
