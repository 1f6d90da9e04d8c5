/** The H02 codec (Sinotrack and TK-clone trackers; Traccar's "h02", port 5013; docs/protocols.md#h02). */
import type { StreamCodec } from '../types';
import { encodeH02, H02_COMMANDS } from './commands';
import { decodeH02 } from './decode';
import { H02Framer, MAX_FRAME } from '../../../shared/protocols/h02/frame';

export const h02: StreamCodec = {
  name: 'h02',
  transport: 'tcp',
  defaultPort: 5013,
  maxFrame: MAX_FRAME,
  // Most frames are text (`*HQ,...#`): the raw log shows them as text beside the hex.
  text: true,
  framer: () => new H02Framer(),
  decode: decodeH02,
  encode: encodeH02,
  commands: H02_COMMANDS,
  acknowledges: true,
};
