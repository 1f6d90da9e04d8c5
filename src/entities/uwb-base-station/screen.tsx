import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** UWB base stations. */
const screens: EntityScreens = {
  baseList: {
    component: lazyScreen(() => import('../../client/features/indoor/BaseListScreen').then((m) => m.BaseListScreen)),
  },
};

export default screens;
