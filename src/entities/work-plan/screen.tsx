import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import workPlanDef from './resource';

/** Construction site: work plans as a list and a Gantt-like view, with each plan's logs. */
const screens: EntityScreens = {
  workPlan: {
    resource: workPlanDef,
    component: lazyScreen(() => import('../../client/features/site/WorkPlanScreen').then((m) => m.WorkPlanScreen)),
  },
};

export default screens;
