import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import monitoredPersonDef from './resource';

/** Supervision: monitored persons with their bracelet's fence, battery, wearing and check-in; a person's detail. */
const screens: EntityScreens = {
  regulatoryList: {
    resource: monitoredPersonDef,
    component: lazyScreen(() =>
      import('../../client/features/supervision/RegulatoryListScreen').then((m) => m.RegulatoryListScreen),
    ),
  },
  regulatoryUser: {
    resource: monitoredPersonDef,
    component: lazyScreen(() =>
      import('../../client/features/supervision/RegulatoryUserScreen').then((m) => m.RegulatoryUserScreen),
    ),
  },
};

export default screens;
