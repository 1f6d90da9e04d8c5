/** The TRV / "IW" protocol of 4G elderly and health watches (Traccar's "trv", port 5010; docs/protocols.md#trv). */
import type { StreamCodec } from '../types';
import { MAX_FRAME, TrvFramer } from '../../../shared/protocols/trv/frame';
import { decodeTrv } from './decode';
import { encodeTrv, TRV_COMMANDS } from './encode';

export const trv: StreamCodec = {
  name: 'trv',
  transport: 'tcp',
  defaultPort: 5010,
  maxFrame: MAX_FRAME,
  text: true,
  framer: () => new TrvFramer(),
  decode: decodeTrv,
  encode: (command, session) => encodeTrv(command, session),
  commands: TRV_COMMANDS,
  // The watch answers each command with `IWAPxx,<serial>`, which becomes the 'ack'.
  acknowledges: true,
};
