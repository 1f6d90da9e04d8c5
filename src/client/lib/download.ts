import { t } from '@lingui/core/macro';
import { apiPath, type ServiceKind } from '../../shared/api';
import { serverMessage } from '../i18n/serverMessages';
import { RequestError } from './request';
import { getToken } from './session';

function fileNameOf(response: Response, fallback: string): string {
  const plain = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return plain?.[1] ?? fallback;
}

/** Saves a blob (or a data URL) as a download. */
export function saveFile(data: Blob | string, name: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A route that answers the file itself (track export, dashboard panels): fetched directly with the
 * session header and saved through an object URL; a JSON answer is an envelope error.
 */
export async function downloadFile(
  kind: ServiceKind,
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  const response = await fetch(apiPath(kind, path), { method: 'POST', headers, body: JSON.stringify(body) });
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
  saveFile(await response.blob(), fileNameOf(response, fallbackName));
}
