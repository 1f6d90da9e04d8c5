import { Code } from '../../shared/api';
import { MESSAGES, type MsgKey } from '../../shared/messages';

/** The envelope every route answers with (src/shared/api.ts) plus the message key. */
interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  key: MsgKey;
  data: T;
}

export function envelope<T>(code: number, key: MsgKey, data: T, msg: string = MESSAGES[key]): ApiEnvelope<T> {
  return { code, msg, key, data };
}

/** A handled outcome other than success; the error handler turns it into an envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly key: MsgKey,
    message: string = MESSAGES[key],
    /** Handled outcomes stay HTTP 200 (docs/requirements/calls-and-errors.md#response-codes); transport differs. */
    readonly httpStatus = 200,
    /** Seconds to send as Retry-After (throttled answers, HTTP 429). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export function fail(code: number, key: MsgKey, message?: string): never {
  throw new ApiError(code, key, message);
}

export function sessionExpired(): never {
  return fail(Code.SESSION_EXPIRED, 'sessionExpired');
}
