import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import cellTowerDef from './resource';

/** Cell towers (device protocols, docs/protocols.md). */
const screens: EntityScreens = {
  cellTowers: {
    resource: cellTowerDef,
    component: lazyScreen(() =>
      import('../../client/features/devices/CellTowersScreen').then((m) => m.CellTowersScreen),
    ),
  },
};

export default screens;
