import type { EntityScreens, ScreenEntry } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import vcrDef from './resource';

const vcrScreen: ScreenEntry = {
  resource: vcrDef,
  component: lazyScreen(() => import('../../client/features/video/VcrScreen').then((m) => m.VcrScreen)),
};

/** Recordings: one screen on three routes. */
const screens: EntityScreens = { VCRList: vcrScreen, VCRListtc: vcrScreen, videoManage: vcrScreen };

export default screens;
