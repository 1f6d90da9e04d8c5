import { t } from '@lingui/core/macro';
import { apiPath } from '../../../shared/api';
import { serverMessage } from '../../i18n/serverMessages';
import { RequestError } from '../../lib/request';
import { getToken } from '../../lib/session';
import type { TrackRange } from './tracks.queries';

export type TrackFormat = 'gpx' | 'csv';

function fileNameOf(response: Response, fallback: string): string {
  const plain = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * `track/export` answers the file itself, so it is fetched directly (with the session header)
 * and saved through an object URL; a JSON answer is an envelope error.
 */
export async function exportTrack(range: TrackRange, format: TrackFormat): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  const response = await fetch(apiPath('device', 'track/export'), { method: 'POST', headers, body: JSON.stringify({ ...range, format }) });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let text = t`导出失败`;
    try {
      const envelope = (await response.json()) as { key?: string; msg?: string };
      text = serverMessage(envelope.key, envelope.msg ?? text);
    } catch {
      // not JSON either: keep the generic text
    }
    throw new RequestError('http', text, undefined, undefined, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `track-${range.imei}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
