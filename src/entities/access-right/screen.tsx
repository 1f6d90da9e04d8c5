import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import accessRightDef from './resource';

/** Access rights with their delivery to the door units. */
const screens: EntityScreens = {
  rightsManagement: {
    resource: accessRightDef,
    component: lazyScreen(() => import('../../client/features/access/RightsScreen').then((m) => m.RightsScreen)),
  },
};

export default screens;
