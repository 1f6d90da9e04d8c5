/**
 * H02 commands (docs/protocols.md#h02), as Traccar's H02ProtocolEncoder writes them:
 * `*HQ,<id>,<word>,<HHMMSS>[,<params>]#`, the time being the send time (UTC). The device answers
 * `*HQ,<id>,V4,<word>,<result...>,<that HHMMSS>,<position>#`: the word and the time name the
 * command, remembered here (command-refs) to become the answer's `ack`.
 */
import { commandRefs, remember } from '../command-refs';
import { ProtocolError, type OutCommand, type Session } from '../types';
import { hhmmss } from '../../../shared/protocols/h02/build';

export const H02_COMMANDS = ['locate', 'setInterval', 'relay', 'custom'] as const;

const REFS_KEY = 'h02.commands';
/** The key of a command sent without a time (a raw command that has none). */
const NO_TIME = 999_999;
const WORD_RE = /^[A-Za-z0-9]{1,6}$/;
const LOCATE = 'R1';

/** A command word and its HHMMSS as one number: the word in base 36, then the time. */
const keyOf = (word: string, time: string | undefined) =>
  parseInt(word.toUpperCase(), 36) * 1_000_000 + (time === undefined ? NO_TIME : Number(time));
const wordOf = (key: number) => Math.floor(key / 1_000_000);

function intParam(params: Record<string, unknown>, key: string, min: number, max: number): number {
  const v = params[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new ProtocolError(`${key} must be an integer ${min}-${max}`);
  return v;
}

/** The frame of `command`; undefined when H02 has no such command. */
export function encodeH02(command: OutCommand, session: Session, now: number): Buffer | undefined {
  const id = session.imei;
  const time = hhmmss(now);
  const frame = (word: string, ...params: (string | number)[]) => `*HQ,${[id, word, time, ...params].join(',')}#`;
  let text: string;
  switch (command.cmd) {
    case 'locate':
      text = frame(LOCATE);
      break;
    case 'setInterval':
      text = frame('S71', 22, intParam(command.params, 'seconds', 10, 86_400));
      break;
    case 'relay':
      if (typeof command.params.on !== 'boolean') throw new ProtocolError('relay needs on: boolean');
      text = frame('S20', 1, command.params.on ? 1 : 0);
      break;
    case 'custom': {
      const raw = command.params.text;
      if (typeof raw !== 'string' || raw.length === 0 || raw.length > 200 || !/^[\x20-\x7e]+$/.test(raw))
        throw new ProtocolError('custom needs printable ASCII text of 1-200 characters');
      // A whole frame goes as it is; a command body (`S20,130305,1,1`) gets the frame around it.
      const whole = raw.startsWith('*') && raw.endsWith('#');
      if (raw.slice(0, whole ? -1 : undefined).includes('#')) throw new ProtocolError('custom text holds a #');
      text = whole ? raw : `*HQ,${id},${raw}#`;
      break;
    }
    default:
      return undefined;
  }
  if (id === undefined) throw new ProtocolError('the device has not named itself yet');
  const fields = text.slice(1, -1).split(',');
  const word = fields[2] ?? '';
  if (WORD_RE.test(word)) {
    const sent = /^\d{6}$/.test(fields[3] ?? '') ? fields[3] : undefined;
    remember(commandRefs(session, REFS_KEY), keyOf(word, sent), command.id);
  }
  return Buffer.from(text, 'latin1');
}

/**
 * The command a `V4,<word>,...,<HHMMSS>` answer names: the one sent under that word and time,
 * else the oldest unanswered one under the word (devices that answer without the time).
 */
export function takeAnswer(session: Session, word: string, sentAt: string | undefined): number | undefined {
  if (!WORD_RE.test(word)) return undefined;
  const refs = commandRefs(session, REFS_KEY);
  const exact = sentAt === undefined ? undefined : keyOf(word, sentAt);
  let key = exact !== undefined && refs.pending.has(exact) ? exact : undefined;
  if (key === undefined) {
    const code = wordOf(keyOf(word, undefined));
    for (const k of refs.pending.keys())
      if (wordOf(k) === code) {
        key = k;
        break;
      }
  }
  if (key === undefined) return undefined;
  const id = refs.pending.get(key);
  refs.pending.delete(key);
  return id;
}

/** A position request (R1) still unanswered: the next position report answers it. */
export function takeLocate(session: Session): number | undefined {
  const refs = session.state[REFS_KEY] as ReturnType<typeof commandRefs> | undefined;
  if (!refs?.pending.size) return undefined;
  return takeAnswer(session, LOCATE, undefined);
}
