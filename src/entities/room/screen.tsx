import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import roomDef from './resource';

/** Communities: the tree beside the rooms. */
const screens: EntityScreens = {
  roomManagement: {
    resource: roomDef,
    component: lazyScreen(() => import('../../client/features/community/RoomScreen').then((m) => m.RoomScreen)),
  },
};

export default screens;
