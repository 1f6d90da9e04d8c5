import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { AUTH_HEADER, Code, apiPath, isSuccessCode, type ServiceKind } from '../../shared/api';
import { REQUEST_TIMEOUT_MS, TOAST_MS } from '../../shared/constants';
import { serverMessage } from '../i18n/serverMessages';
import { beginLoading, endLoading } from './loading';
import { clear as clearSession, getToken } from './session';

type ToastKind = 'success' | 'info' | 'tip' | 'error';

interface RequestDeps {
  fetch: typeof fetch;
  /** Client-side navigation; the app wires the router in main.tsx. */
  navigate: (path: string) => void;
  notify: (kind: ToastKind, message: string, id?: string) => void;
}

const COLORS: Record<ToastKind, string> = { success: 'teal', info: 'blue', tip: 'orange', error: 'red' };

const defaults: RequestDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (path) => window.location.assign(path),
  notify: (kind, message, id) => {
    notifications.show({ id, message, color: COLORS[kind], autoClose: TOAST_MS, withCloseButton: true });
  },
};

let deps: RequestDeps = { ...defaults };

/** Replaces the fetch, navigation or toast used by request(); tests and main.tsx call it. */
export function configureRequest(next: Partial<RequestDeps>): void {
  deps = { ...deps, ...next };
}

/**
 * A GET of the service as it answers, whatever its code: for the few callers that read an answer
 * request() would refuse (health's 503 carries its report). Through the same fetch as request().
 */
export async function getAnswer<T>(url: string): Promise<(RawEnvelope & { data?: T }) | null> {
  const response = await deps.fetch(url, { method: 'GET', headers: { accept: 'application/json' } });
  return (await readEnvelope(response)) as (RawEnvelope & { data?: T }) | null;
}

export function resetRequestDeps(): void {
  deps = { ...defaults };
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  /**
   * Toast the message of a successful answer (docs/requirements/calls-and-errors.md#response-codes: "only if message
   * display is on").
   */
  showMessage?: boolean;
  /**
   * Callers that handle failures themselves (the auto-login ticket, logout) suppress the error
   * tips; an expired session is still cleared and sent to /login.
   */
  quiet?: boolean;
  /** Background calls do not move the global progress bar. */
  background?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The request outlives the page: a reload or a closed tab does not cancel it (fetch's keepalive;
   * small bodies only). For changes the console already shows as made (docs/alarms.md).
   */
  keepalive?: boolean;
  /** An upload endpoint: code 1 is its success, any other code shows the message (docs/requirements/calls-and-errors.md#uploads). */
  upload?: boolean;
}

type RequestErrorKind = 'code' | 'http' | 'timeout' | 'network' | 'session';

/** Rejection of request(): the envelope code or HTTP status, the shown text and the message key. */
export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly code?: number | string,
    readonly key?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

interface Answer<T> {
  code: number | string;
  msg: string;
  key?: string;
  data: T;
  headers: Headers;
}

interface RawEnvelope {
  code?: number | string;
  msg?: string;
  key?: string;
  data?: unknown;
}

// Always three arguments, so every toast reaches the notifier in one shape.
function show(kind: ToastKind, message: string, id?: string): void {
  deps.notify(kind, message, id);
}

// One id for every expiry toast: parallel calls failing together show it once.
const EXPIRED_TOAST_ID = 'session-expired';

function expireSession(text: string, quiet = false): void {
  clearSession();
  if (!quiet) show('tip', text || t`登录已过期，请重新登录`, EXPIRED_TOAST_ID);
  deps.navigate('/login');
}

function buildUrl(kind: ServiceKind, path: string, method: 'GET' | 'POST', body: unknown): string {
  const url = apiPath(kind, path);
  if (method !== 'GET' || body == null || typeof body !== 'object') return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readEnvelope(response: Response): Promise<RawEnvelope | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as RawEnvelope) : null;
  } catch {
    return null;
  }
}

/**
 * The call helper of docs/requirements/calls-and-errors.md#response-codes: answers the whole envelope plus the
 * response headers (login reads the token from `authorization`). Rejects with RequestError when the result
 * must not be delivered.
 */
export async function requestAnswer<T>(
  kind: ServiceKind,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<Answer<T>> {
  const method = opts.method ?? 'POST';
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = getToken();
  if (token) headers.Authorization = token;
  let payload: BodyInit | undefined;
  if (method === 'POST' && body !== undefined) {
    if (body instanceof FormData) payload = body;
    else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);
  if (!opts.background) beginLoading();

  try {
    let response: Response;
    try {
      response = await deps.fetch(buildUrl(kind, path, method, body), {
        method,
        headers,
        body: payload,
        signal: controller.signal,
        ...(opts.keepalive && { keepalive: true }),
      });
    } catch (error) {
      if (timedOut) {
        const text = t`请求超时，请稍后重试`;
        if (!opts.quiet) show('error', text);
        throw new RequestError('timeout', text);
      }
      if (opts.signal?.aborted) throw error;
      const text = t`网络连接失败，请检查网络`;
      if (!opts.quiet) show('error', text);
      throw new RequestError('network', text);
    }

    const envelope = await readEnvelope(response);

    if (response.status !== 200) {
      const detail = envelope?.msg ? serverMessage(envelope.key, envelope.msg) : response.statusText;
      const text = `${response.status} ${detail}`.trim();
      if (response.status === 401 || response.status === Code.SESSION_EXPIRED) {
        expireSession(text, opts.quiet);
        throw new RequestError('session', text, envelope?.code, envelope?.key, response.status);
      }
      if (!opts.quiet) show('error', text);
      throw new RequestError('http', text, envelope?.code, envelope?.key, response.status);
    }

    if (!envelope || envelope.code === undefined) {
      const text = t`服务返回了无法识别的数据`;
      if (!opts.quiet) show('error', text);
      throw new RequestError('http', text, undefined, undefined, response.status);
    }

    const code = envelope.code;
    const text = serverMessage(envelope.key, envelope.msg ?? '');
    const answer: Answer<T> = {
      code,
      msg: envelope.msg ?? '',
      key: envelope.key,
      data: envelope.data as T,
      headers: response.headers,
    };

    if (opts.upload ? Number(code) === Code.UPLOAD_OK : isSuccessCode(code)) {
      if (opts.showMessage && text) show('success', text);
      return answer;
    }
    switch (Number(code)) {
      case Code.DELIVER_AND_SHOW:
        if (text) show('info', text);
        return answer;
      case Code.DELIVER_SILENT:
        return answer;
      case Code.SESSION_EXPIRED:
        expireSession(text, opts.quiet);
        throw new RequestError('session', text, code, envelope.key);
      default:
        if (!opts.quiet && text) show('tip', text);
        throw new RequestError('code', text, code, envelope.key);
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    if (!opts.background) endLoading();
  }
}

/** request() delivers only `data`; see requestAnswer() for the rules. */
export async function request<T>(kind: ServiceKind, path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await requestAnswer<T>(kind, path, body, opts)).data;
}

/** A toast through the same channel (and duration) as the request helper's messages. */
export function toast(kind: ToastKind, message: string, id?: string): void {
  show(kind, message, id);
}

/** The session token of a login answer. */
export function tokenOf(answer: Answer<unknown>): string | null {
  return answer.headers.get(AUTH_HEADER);
}
