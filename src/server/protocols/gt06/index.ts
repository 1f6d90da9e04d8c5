/** The GT06 codec (Concox/Jimi trackers and clones; docs/protocols.md, gt06). */
import type { StreamCodec } from '../types';
import { encodeGt06, GT06_COMMANDS } from './commands';
import { decodeGt06 } from './decode';
import { Gt06Framer } from './framer';

/** Long packets (0x7979) run to a few hundred bytes; nothing a tracker sends nears this. */
const MAX_FRAME = 2048;

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
};
