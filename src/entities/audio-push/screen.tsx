import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import audioPushDef from './resource';

/** Audio pushes to devices. */
const screens: EntityScreens = {
  pubMusic: {
    resource: audioPushDef,
    component: lazyScreen(() => import('../../client/features/tools/PubMusicScreen').then((m) => m.PubMusicScreen)),
  },
};

export default screens;
