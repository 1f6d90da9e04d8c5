import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import simCardDef from './resource';

/** IoT cards: cards with usage and carrier actions, device binding. */
const screens: EntityScreens = {
  SIMCard: {
    resource: simCardDef,
    component: lazyScreen(() => import('../../client/features/sim/SimCardScreen').then((m) => m.SimCardScreen)),
  },
  DeviceSim: {
    resource: simCardDef,
    component: lazyScreen(() => import('../../client/features/sim/DeviceSimScreen').then((m) => m.DeviceSimScreen)),
  },
};

export default screens;
