/** The JT/T 808 codec (2011/2013/2019; Traccar's "huabao"; docs/protocols.md, jt808). */
import type { StreamCodec } from '../types';
import { JT808_COMMANDS, encodeJt808 } from './commands';
import { decodeJt808 } from './decode';
import { Jt808Framer, MAX_FRAME } from '../../../shared/protocols/jt808/framer';

export const jt808: StreamCodec = {
  name: 'jt808',
  transport: 'tcp',
  defaultPort: 5015,
  maxFrame: MAX_FRAME,
  text: false,
  framer: () => new Jt808Framer(MAX_FRAME),
  decode: (frame, session, now) => decodeJt808(frame, session, now),
  encode: (command, session) => encodeJt808(command, session),
  commands: JT808_COMMANDS,
  acknowledges: true,
};
