import { t } from '@lingui/core/macro';
import { apiPath, type ServiceKind } from '../../shared/api';
import { serverMessage } from '../i18n/serverMessages';
import { RequestError } from './request';
import { getToken } from './session';

function fileNameOf(response: Response): string | undefined {
  const plain = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return plain?.[1];
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

/** What `fetchBlob` sends: a JSON body is POSTed, no body is a GET. */
interface BlobRequest {
  body?: unknown;
  /** The answer's content type must start with this (e.g. `audio/`); any other answer is an error. */
  type?: string;
  /** The error's text when the answer carries no message of its own. */
  failText: string;
}

/**
 * A route that answers a file (an export, a template, a voice preview): fetched directly with the
 * session header, since request() reads JSON envelopes. A JSON answer, a failed status or a type
 * other than `type` rejects with a RequestError carrying the envelope's translated message and key.
 */
export async function fetchBlob(
  kind: ServiceKind,
  path: string,
  { body, type, failText }: BlobRequest,
): Promise<{ blob: Blob; name: string | undefined }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = token;
  const init: RequestInit = { method: 'GET', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    Object.assign(init, { method: 'POST', body: JSON.stringify(body) });
  }
  const response = await fetch(apiPath(kind, path), init);
  const answered = response.headers.get('content-type') ?? '';
  if (!response.ok || answered.includes('application/json') || (type !== undefined && !answered.startsWith(type))) {
    let envelope: { code?: number | string; key?: string; msg?: string } = {};
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      // not JSON either: keep the caller's text
    }
    const text = serverMessage(envelope.key, envelope.msg ?? failText);
    throw new RequestError('http', text, envelope.code, envelope.key, response.status);
  }
  return { blob: await response.blob(), name: fileNameOf(response) };
}

/** A file route's answer saved as a download under its own name, or `fallbackName`. */
export async function downloadFile(
  kind: ServiceKind,
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<void> {
  const { blob, name } = await fetchBlob(kind, path, { body, failText: t`导出失败` });
  saveFile(blob, name ?? fallbackName);
}
