import type { EntityScreens } from '../../client/features/screens/types';
import photoDef from './resource';

/** Photos: /picture and /PhotoList list them all (the generic list); 视频抓拍 starts from the wall's snapshots. */
const screens: EntityScreens = {
  video_capture: { resource: photoDef, preset: (search) => ({ ...search, filters: { source: 1, ...search.filters } }) },
};

export default screens;
