import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import webhookDef from './resource';

/** /webhookList: the endpoints, each with its deliveries ("send again", "send a test event") in a drawer. */
const screens: EntityScreens = {
  webhookList: {
    resource: webhookDef,
    component: lazyScreen(() => import('../../client/features/webhooks/WebhookScreen').then((m) => m.WebhookScreen)),
  },
};

export default screens;
