import type { EntityScreens, ScreenEntry } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import deviceVoiceDef from './resource';

const deviceVoiceScreen: ScreenEntry = {
  resource: deviceVoiceDef,
  component: lazyScreen(() => import('../../client/features/tools/DeviceVoiceScreen').then((m) => m.DeviceVoiceScreen)),
};

/** Voice messages to devices; the live-media menu's /audio is the same screen. */
const screens: EntityScreens = {
  deviceVoice: deviceVoiceScreen,
  // Voice messages under the live-media menu: the same screen as deviceVoice.
  audio: deviceVoiceScreen,
};

export default screens;
