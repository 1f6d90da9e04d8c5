import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { isMsgKey, MESSAGES, type MsgKey } from '../../shared/messages';
import { ApiError, envelope } from '../lib/api-error';
import { errorCodes } from '../lib/error-codes';

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
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Unparsable JSON, a wrong content type, an oversized body: all "bad input" to the caller.
      const [code, key]: [number, MsgKey] = status === 404 ? [Code.NOT_FOUND, 'notFound'] : [Code.BAD_REQUEST, 'invalidInput'];
      return reply.status(200).send(envelope(code, key, null, `${MESSAGES[key]}: ${err.message}`));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(envelope(Code.INTERNAL, 'internal', null));
  });
}

export default fp(errors, { name: 'errors' });
