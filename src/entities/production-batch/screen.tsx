import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import productionBatchDef from './resource';

/** Site operations: production batches with QA. */
const screens: EntityScreens = {
  productionSystem: {
    resource: productionBatchDef,
    component: lazyScreen(() =>
      import('../../client/features/site-ops/ProductionScreen').then((m) => m.ProductionScreen),
    ),
  },
};

export default screens;
