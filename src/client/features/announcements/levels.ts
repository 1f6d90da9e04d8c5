import { ANNOUNCEMENT_LEVEL } from '../../../entities/announcement/resource';

/** Badge colour of an announcement's level (list, inbox, notification). */
export const LEVEL_COLOR: Record<number, string> = {
  [ANNOUNCEMENT_LEVEL.normal]: 'blue',
  [ANNOUNCEMENT_LEVEL.important]: 'orange',
  [ANNOUNCEMENT_LEVEL.urgent]: 'red',
};
