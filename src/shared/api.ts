import type { MsgKey } from './messages';

/**
 * The response envelope and codes of docs/requirements/calls-and-errors.md#response-codes. Every service
 * answer is `{ code, msg, data }`; HTTP status stays 200 for handled outcomes so the client's
 * call helper decides on `code`, as the requirement has it.
 */
export const Code = {
  OK: 0,
  OK_200: 200,
  /** Session missing, invalid, expired or revoked: the client logs out. */
  SESSION_EXPIRED: 208,
  /** Deliver the result and show the message. */
  DELIVER_AND_SHOW: 1046,
  /** Deliver the result silently. */
  DELIVER_SILENT: 1228,
  /** Upload success (docs/requirements/calls-and-errors.md#uploads). */
  UPLOAD_OK: 1,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** The service cannot store now (GET /api/health: readiness, docs/reliability.md). */
  UNAVAILABLE: 503,
} as const;

export interface Envelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
  /** Stable message key (src/shared/messages.ts) the console translates; `msg` is its English text. */
  key?: MsgKey;
}

export function isSuccessCode(code: number | string): boolean {
  return code === 0 || code === 200 || code === '200' || code === '0';
}

/**
 * Service kinds of docs/requirements/calls-and-errors.md#service-kinds, plus our 'map' (map configuration and the
 * device map's markers), 'media' (signalling of the service's SFU) and 'phone' (the patrol phone's own device,
 * src/shared/patrol.ts); each is a prefix `/api/<kind>/`.
 */
export type ServiceKind =
  | 'iot'
  | 'pay'
  | 'device'
  | 'auth'
  | 'user'
  | 'message'
  | 'mall'
  | 'close'
  | 'advert'
  | 'map'
  | 'media'
  | 'phone'
  // Web Push subscriptions and preferences (src/server/webpush/routes.ts).
  | 'push'
  // Webhooks and the other ways out to the operator's systems (src/server/integrations/).
  | 'integration';

export function apiPath(kind: ServiceKind, path: string): string {
  return `/api/${kind}/${path.replace(/^\/+/, '')}`;
}

/**
 * Name of the response header carrying the session token after login (docs/requirements/calls-and-errors.md#login).
 */
export const AUTH_HEADER = 'authorization';
