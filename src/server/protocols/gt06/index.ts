/** The GT06 codec (Concox/Jimi trackers and clones; docs/protocols.md, gt06). */
import type { StreamCodec } from '../types';
import { encodeGt06, GT06_COMMANDS } from './commands';
import { decodeGt06 } from './decode';
import { Gt06Framer, MAX_FRAME } from '../../../shared/protocols/gt06/framer';

export const gt06: StreamCodec = {
  name: 'gt06',
  transport: 'tcp',
  defaultPort: 5023,
  maxFrame: MAX_FRAME,
  text: false,
  framer: () => new Gt06Framer(MAX_FRAME),
  decode: decodeGt06,
  encode: (command, session) => encodeGt06(command, session),
  commands: GT06_COMMANDS,
  acknowledges: true,
};
