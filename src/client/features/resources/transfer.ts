import { t } from '@lingui/core/macro';
import { apiPath } from '../../../shared/api';
import type { ImportReport } from '../../../shared/resources/list';
import type { ResourceDef } from '../../../shared/resources';
import { serverMessage } from '../../i18n/serverMessages';
import { RequestError, request } from '../../lib/request';
import { getToken } from '../../lib/session';

export type ExportFormat = 'csv' | 'xlsx';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * `export` answers the file itself, so it is fetched directly (with the session header) and
 * saved through an object URL; a JSON answer is an envelope error.
 */
export async function exportResource(
  def: Pick<ResourceDef, 'kind' | 'name'>,
  format: ExportFormat,
  body: Record<string, unknown>,
): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  const response = await fetch(apiPath(def.kind, `${def.name}/export`), {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...body, format }),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let text = t`导出失败`;
    try {
      const envelope = (await response.json()) as {
        key?: string;
        msg?: string;
      };
      text = serverMessage(envelope.key, envelope.msg ?? text);
    } catch {
      // not JSON either: keep the generic text
    }
    throw new RequestError('http', text, undefined, undefined, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `${def.name}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function importResource(def: Pick<ResourceDef, 'kind' | 'name'>, file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return request<ImportReport>(def.kind, `${def.name}/import`, form, {
    timeoutMs: 120_000,
  });
}
