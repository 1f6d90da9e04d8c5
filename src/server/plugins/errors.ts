import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { isMsgKey, MESSAGES, type MsgKey } from '../../shared/messages';
import { ApiError, envelope } from '../lib/api-error';
import { errorCodes } from '../lib/error-codes';
import { isMultipartError, MIB, sizeText } from '../lib/upload-errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** `code 400` for bad input: the first issue's key when it is a message key, and the field by name. */
function validationEnvelope(issues: ValidationIssue[], context: string | undefined) {
  const issue = issues[0] ?? {};
  const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || context || 'body';
  const key: MsgKey = isMsgKey(issue.message) ? issue.message : 'invalidInput';
  const detail = isMsgKey(issue.message) ? MESSAGES[issue.message] : (issue.message ?? MESSAGES.invalidInput);
  return envelope(Code.BAD_REQUEST, key, null, `${field}: ${detail}`);
}

const dataException = (err: unknown) => errorCodes(err).some((code) => /^22[0-9A-Z]{3}$/.test(code));

/**
 * Fastify's own 4xx as envelopes, each with its key (docs/architecture.md "Refusals"): the HTTP
 * status stays 200 as for every handled outcome, except an oversized body, which keeps 413.
 */
function fastifyRefusal(
  err: FastifyError,
  bodyLimit: number,
): { status: number; code: number; key: MsgKey; msg: string } | undefined {
  const bad = (key: MsgKey, msg: string = MESSAGES[key]) => ({ status: 200, code: Code.BAD_REQUEST, key, msg });
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: Code.BAD_REQUEST,
        key: 'bodyTooLarge',
        msg: MESSAGES.bodyTooLarge.replace('1 MB', sizeText(bodyLimit)),
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bad('jsonMalformed');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return bad('contentTypeUnsupported');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return bad('requestMalformed');
    case 'FST_REQ_FILE_TOO_LARGE':
      return bad('fileTooLarge');
  }
  if (isMultipartError(err)) return bad('uploadMalformed');
  return undefined;
}

/** The envelope as raw HTTP, for answers written to the socket before Fastify has a request. */
function rawAnswer(status: number, key: MsgKey): string {
  const body = JSON.stringify(envelope(Code.BAD_REQUEST, key, null));
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (bad framing, a wrong
 * Content-Length, data after `Connection: close`, headers too large, too slow). Fastify's
 * default writes `{"error":"Bad Request","message":"Client Error"}`; this writes the envelope.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MsgKey] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'requestTimeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headersTooLarge']
        : [400, 'requestMalformed'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) socket.write(rawAnswer(status, key));
  socket.destroy(err);
}

/**
 * One place turns every outcome into the envelope: handled failures (ApiError), bad input,
 * Fastify's own 4xx (bad JSON, wrong content type) and unexpected errors, which are logged and
 * answered without internals.
 */
async function errors(app: FastifyInstance) {
  app.decorateReply('ok', function ok<T>(this: FastifyReply, data: T, key: MsgKey = 'ok') {
    return this.send(envelope(Code.OK, key, data));
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      if (err.retryAfterS !== undefined) reply.header('retry-after', String(err.retryAfterS));
      return reply.status(err.httpStatus).send(envelope(err.code, err.key, null, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err) || Array.isArray(err.validation)) {
      return reply.status(200).send(validationEnvelope(err.validation ?? [], err.validationContext));
    }
    // The database refusing a value (SQLSTATE class 22: out of range, bad text, bad date) is bad
    // input the edge did not foresee, not a failure of the service.
    if (dataException(err)) {
      request.log.warn({ err }, 'value refused by the database');
      return reply.status(200).send(envelope(Code.BAD_REQUEST, 'invalidInput', null, MESSAGES.invalidInput));
    }
    // Unparsable JSON, a wrong content type, an oversized body, a malformed upload: each its key.
    const refusal = fastifyRefusal(err, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? MIB);
    if (refusal) return reply.status(refusal.status).send(envelope(refusal.code, refusal.key, null, refusal.msg));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Any other 4xx of Fastify or a plugin: bad input to the caller, without Fastify's wording.
      request.log.info({ err }, 'request refused');
      const [code, key]: [number, MsgKey] =
        status === 404 ? [Code.NOT_FOUND, 'routeNotFound'] : [Code.BAD_REQUEST, 'invalidInput'];
      return reply.status(200).send(envelope(code, key, null));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(envelope(Code.INTERNAL, 'internal', null));
  });
}

export default fp(errors, { name: 'errors' });
