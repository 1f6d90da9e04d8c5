import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import unitDef from './resource';

/** Communities: the door units of a unit. */
const screens: EntityScreens = {
  unitManagement: {
    resource: unitDef,
    component: lazyScreen(() => import('../../client/features/community/UnitScreen').then((m) => m.UnitScreen)),
  },
};

export default screens;
