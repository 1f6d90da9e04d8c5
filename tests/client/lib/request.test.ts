import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../src/shared/constants';
import { inflightCount } from '../../../src/client/lib/loading';
import {
  RequestError,
  configureRequest,
  request,
  requestAnswer,
  resetRequestDeps,
  tokenOf,
} from '../../../src/client/lib/request';
import { SESSION_KEYS, getToken, saveLogin, saveMenu } from '../../../src/client/lib/session';
import { demoUser, envelope, sampleTree } from '../fixtures';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();
const notify = vi.fn<(kind: string, message: string, id?: string) => void>();

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  notify.mockReset();
  configureRequest({ fetch: fetchMock, navigate, notify });
});

afterEach(() => {
  resetRequestDeps();
  vi.useRealTimers();
});

function answer(body: Record<string, unknown>, init?: Parameters<typeof envelope>[1]) {
  fetchMock.mockResolvedValueOnce(envelope(body, init));
}

describe('request: success codes (docs/requirements/calls-and-errors.md#response-codes)', () => {
  it.each([0, 200, '200'])('delivers data for code %j without a toast', async (code) => {
    answer({ code, msg: 'OK', data: { n: 1 } });
    await expect(request('device', 'device/list', {})).resolves.toEqual({ n: 1 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts the message of a success only when showMessage is on, through serverMessage', async () => {
    answer({ code: 0, msg: 'Sent successfully', key: 'smsSent', data: null });
    await request('auth', 'auth/sendSmsCode', { phone: '13800000000' }, { showMessage: true });
    expect(notify).toHaveBeenCalledWith('success', '发送成功', undefined);
  });
});

describe('request: special codes', () => {
  it('1046 delivers the result and shows the message', async () => {
    answer({ code: 1046, msg: 'partly done', data: [1, 2] });
    await expect(request('device', 'x')).resolves.toEqual([1, 2]);
    expect(notify).toHaveBeenCalledWith('info', 'partly done', undefined);
  });

  it('1228 delivers the result silently', async () => {
    answer({ code: 1228, msg: 'quiet', data: 'ok' });
    await expect(request('device', 'x')).resolves.toBe('ok');
    expect(notify).not.toHaveBeenCalled();
  });

  it('208 clears the session, goes to /login and does not deliver', async () => {
    saveLogin('tok', demoUser);
    saveMenu(sampleTree());
    answer({ code: 208, msg: 'Session expired, please log in again', key: 'sessionExpired', data: { secret: 1 } });
    await expect(request('user', 'x')).rejects.toMatchObject({ kind: 'session', code: 208 });
    expect(getToken()).toBeNull();
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(notify).toHaveBeenCalledWith('tip', '登录已过期，请重新登录', 'session-expired');
  });

  it('any other code shows the message as a tip and rejects', async () => {
    answer({ code: 400, msg: 'Wrong account or password', key: 'badCredentials', data: { leaked: true } });
    const error = await request('auth', 'auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'code', code: 400, key: 'badCredentials', message: '账号或密码错误' });
    expect(notify).toHaveBeenCalledWith('tip', '账号或密码错误', undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('quiet callers get the rejection without a tip', async () => {
    answer({ code: 400, msg: 'The link is invalid or has expired', key: 'ticketInvalid', data: null });
    await expect(request('auth', 'ticket/exchange', { key: 'k' }, { quiet: true })).rejects.toBeInstanceOf(
      RequestError,
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('a quiet call (logout) still clears an expired session, without the toast', async () => {
    saveLogin('tok', demoUser);
    answer({ code: 208, msg: 'expired', data: null });
    await expect(request('auth', 'auth/logout', {}, { quiet: true })).rejects.toMatchObject({ kind: 'session' });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('request: HTTP failures', () => {
  it('a non-200 status toasts status and message and rejects', async () => {
    answer({ code: 500, msg: 'boom' }, { status: 500 });
    await expect(request('device', 'x')).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(notify).toHaveBeenCalledWith('error', '500 boom', undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a non-JSON error body falls back to the status text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('device', 'x')).rejects.toMatchObject({ status: 502 });
    expect(notify).toHaveBeenCalledWith('error', '502 Bad Gateway', undefined);
  });

  it.each([401, 208])('HTTP %i logs out', async (status) => {
    saveLogin('tok', demoUser);
    answer({ msg: 'no' }, { status });
    await expect(request('device', 'x')).rejects.toMatchObject({ kind: 'session', status });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a network failure toasts and rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('device', 'x')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(inflightCount()).toBe(0);
  });
});

describe('request: timeout and loading indicator', () => {
  it('rejects after 30000 ms and hides the loading indicator', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('device', 'slow');
    const settled = pending.catch((e: unknown) => e);
    expect(inflightCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(inflightCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);

    expect(await settled).toMatchObject({ kind: 'timeout' });
    expect(inflightCount()).toBe(0);
    expect(notify).toHaveBeenCalledWith('error', expect.any(String), undefined);
  });

  it('background calls do not move the indicator', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = request('device', 'poll', undefined, { background: true });
    expect(inflightCount()).toBe(0);
    release(envelope({ code: 0, msg: '', data: 1 }));
    await expect(pending).resolves.toBe(1);
  });
});

describe('request: wire format', () => {
  it('POSTs JSON to /api/<kind>/<path> with the stored token in Authorization', async () => {
    saveLogin('tok-123', demoUser);
    answer({ code: 0, msg: '', data: null });
    await request('user', 'per/getNavigationBar', { language: 'CN' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/per/getNavigationBar');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('tok-123');
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'CN' });
  });

  it('a keepalive request outlives the page (fetch keepalive), others do not ask for it', async () => {
    answer({ code: 0, msg: '', data: null });
    answer({ code: 0, msg: '', data: null });
    await request('device', 'alarm/handle', { ids: [1] }, { keepalive: true });
    await request('device', 'alarm/list', {});
    expect(fetchMock.mock.calls[0]![1]?.keepalive).toBe(true);
    expect(fetchMock.mock.calls[1]![1]?.keepalive).toBeUndefined();
  });

  it('GET sends parameters in the query string and no Authorization without a session', async () => {
    answer({ code: 0, msg: '', data: null });
    await request('device', 'device/get', { imei: '860000', page: 2, skip: undefined }, { method: 'GET' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/device/device/get?imei=860000&page=2');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('exposes the response headers so login can read the token', async () => {
    answer({ code: 0, msg: '', data: demoUser }, { headers: { authorization: 'new-token' } });
    const result = await requestAnswer('auth', 'auth/login', { username: 'demo', password: 'demo123' });
    expect(tokenOf(result)).toBe('new-token');
    expect(result.data).toEqual(demoUser);
  });
});
