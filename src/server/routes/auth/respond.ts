import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_HEADER } from '../../../shared/api';
import type { LoginResult } from '../../auth/login';
import type { Caller } from '../../auth/sessions';

export const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Every login answers alike: the token in the `authorization` header, UserInfo as data. */
export function sendLogin(reply: FastifyReply, result: LoginResult) {
  return reply
    .header(AUTH_HEADER, result.token)
    .header('access-control-expose-headers', AUTH_HEADER)
    .header('cache-control', 'no-store')
    .ok(result.info);
}
