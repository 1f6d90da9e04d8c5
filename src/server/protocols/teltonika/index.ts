/** The Teltonika codec (FMB/FMC, TMT250, GH5200; docs/protocols.md, teltonika). */
import type { StreamCodec } from '../types';
import { encodeTeltonika, TELTONIKA_COMMANDS } from './commands';
import { decodeTeltonika } from './decode';
import { MAX_FRAME, TeltonikaFramer } from '../../../shared/protocols/teltonika/framer';

export const teltonika: StreamCodec = {
  name: 'teltonika',
  transport: 'tcp',
  defaultPort: 5027,
  maxFrame: MAX_FRAME,
  text: false,
  framer: () => new TeltonikaFramer(MAX_FRAME),
  decode: decodeTeltonika,
  encode: (command, session) => encodeTeltonika(command, session),
  commands: TELTONIKA_COMMANDS,
  acknowledges: true,
};
