import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import announcementDef from './resource';

/** Announcements: the company's list with publish, withdraw and read receipts. */
const screens: EntityScreens = {
  AnnouncementList: {
    resource: announcementDef,
    component: lazyScreen(() =>
      import('../../client/features/announcements/AnnouncementScreen').then((m) => m.AnnouncementScreen),
    ),
  },
};

export default screens;
