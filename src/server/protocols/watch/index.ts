/** The "3G" smart-watch protocol (Beesure / SeTracker type; Traccar's "watch", port 5093). */
import type { StreamCodec } from '../types';
import { decodeWatch } from './decode';
import { encodeWatch, WATCH_COMMANDS } from './encode';
import { MAX_FRAME, WatchFramer } from '../../../shared/protocols/watch/frame';

export const watch: StreamCodec = {
  name: 'watch',
  transport: 'tcp',
  defaultPort: 5093,
  maxFrame: MAX_FRAME,
  text: true,
  framer: () => new WatchFramer(),
  decode: decodeWatch,
  encode: (command, session) => encodeWatch(command, session),
  commands: WATCH_COMMANDS,
  acknowledges: false,
};
