import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import dutyRecordDef from './resource';

/** Site operations: the duty list, roster and annual inspections. */
const screens: EntityScreens = {
  dutyUser: {
    resource: dutyRecordDef,
    component: lazyScreen(() => import('../../client/features/site-ops/DutyScreen').then((m) => m.DutyScreen)),
  },
};

export default screens;
