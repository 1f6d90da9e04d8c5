import { configureRequest } from '../../../src/client/lib/request';
import { envelope } from '../fixtures';

export interface Call {
  url: string;
  body: unknown;
}

/** Routes request() to `answers` by URL (falling back to empty lists / null) and records every call. */
export function mockApi(
  answers: Record<string, unknown | ((body: unknown) => unknown)>,
  calls: Call[] = [],
  toasts: string[] = [],
): Call[] {
  configureRequest({
    notify: (_kind, message) => void toasts.push(message),
    fetch: (async (url: string, init?: RequestInit) => {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const answer = answers[url];
      if (answer !== undefined) {
        const data = typeof answer === 'function' ? (answer as (b: unknown) => unknown)(body) : answer;
        if (data instanceof Response) return data;
        return envelope({ code: 0, msg: 'ok', data });
      }
      if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
      return envelope({ code: 0, msg: 'ok', data: null });
    }) as unknown as typeof fetch,
  });
  return calls;
}
