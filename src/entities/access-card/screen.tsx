import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import accessCardDef from './resource';

/** Access cards: the card form (/cardAdd). */
const screens: EntityScreens = {
  cardAdd: {
    resource: accessCardDef,
    component: lazyScreen(() => import('../../client/features/access/CardAddScreen').then((m) => m.CardAddScreen)),
  },
};

export default screens;
