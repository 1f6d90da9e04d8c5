import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { ticketCreateBody, ticketExchangeBody, ticketInfoSchema, type TicketInfo } from '../../../shared/auth';
import { AUTO_LOGIN_TTL_MS } from '../../../shared/constants';
import { MARK_DEVICE_LINK } from '../../../shared/permissions';
import { ticketLogin } from '../../auth/login';
import { addressKey, assertNotThrottled, countFailure } from '../../auth/throttle';
import { newNonce, signTicket, spendTicket, ticketSecret, verifyTicket } from '../../auth/tickets';
import { findLiveSession } from '../../repos/sessions';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { envelopeOf, loginResponse } from '../schemas';
import { callerOf, sendLogin } from './respond';

const tags = ['auth'];

/**
 * Auto-login links for `/ProDeviceList?imei=..&key=..` (docs/requirements/calls-and-errors.md#auto-login).
 * The key is a signed, expiring ticket naming a user; unlike the required link it never carries
 * a password.
 */
const ticket: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      config: { mark: MARK_DEVICE_LINK },
      schema: {
        tags,
        summary: 'Create an auto-login link (valid 1 hour)',
        body: ticketCreateBody,
        response: { 200: envelopeOf(ticketInfoSchema) },
      },
    },
    async (request, reply) => {
      const { scope, tokenHash } = authed(request);
      const imei = request.body.imei ?? '';
      const now = app.clock.now();
      const exp = now + AUTO_LOGIN_TTL_MS;
      const session = await findLiveSession(app.db, tokenHash, now);
      if (!session) return fail(Code.SESSION_EXPIRED, 'sessionExpired');
      const key = signTicket(await ticketSecret(app.db), {
        userId: scope.userId,
        imei,
        exp,
        sessionId: session.sessionId,
        nonce: newNonce(),
      });
      // Never the request's Host header: a forged one would make the console hand out a link elsewhere.
      const origin = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
      const query = new URLSearchParams({ ...(imei ? { imei } : {}), key });
      const info: TicketInfo = { key, expiresAt: new Date(exp).toISOString(), url: `${origin}/ProDeviceList?${query}` };
      return reply.ok(info);
    },
  );

  app.post(
    '/exchange',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange an auto-login ticket for a session',
        body: ticketExchangeBody,
        response: loginResponse,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const who = { kind: 'password', account: '(ticket)', address: caller.ip } as const;
      await assertNotThrottled(app, [addressKey(caller.ip)], who);
      const now = app.clock.now();
      const verified = verifyTicket(await ticketSecret(app.db), request.body.key, now);
      const claims = verified && (await spendTicket(app.db, verified, now)) ? verified : undefined;
      if (!claims) {
        await countFailure(app, [addressKey(caller.ip)], who);
        fail(Code.BAD_REQUEST, 'ticketInvalid');
      }
      return sendLogin(reply, await ticketLogin(app, claims.userId, caller));
    },
  );
};

export default ticket;
