import { downloadFile } from '../../lib/download';
import type { TrackRange } from './tracks.queries';

export type TrackFormat = 'gpx' | 'csv';

/** `track/export` answers the file itself (lib/download.ts). */
export function exportTrack(range: TrackRange, format: TrackFormat): Promise<void> {
  return downloadFile('device', 'track/export', { ...range, format }, `track-${range.imei}.${format}`);
}
