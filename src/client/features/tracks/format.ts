import { TIME_FORMAT } from './tracks.queries';
import { formatDateCell } from '../../lib/dates';

/** docs/requirements/constants.md#tables-trees-and-formats: YYYY-MM-DD HH:mm:ss on the tenant's clock. */
export const formatTime = (ms: number) => formatDateCell(ms, TIME_FORMAT);

/** Figures of a point: '-' where there is none (the last point has no next one). */
export const dash = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? '-' : v.toFixed(digits).replace(/\.0+$/, '');
