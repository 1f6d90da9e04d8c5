import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { ticketCreateBody, ticketExchangeBody, type TicketInfo } from '../../../shared/auth';
import { AUTO_LOGIN_TTL_MS } from '../../../shared/constants';
import { MARK_DEVICE_LINK } from '../../../shared/permissions';
import { ticketLogin } from '../../auth/login';
import { addressKey, assertNotThrottled, countFailure } from '../../auth/throttle';
import { signTicket, ticketSecret, verifyTicket } from '../../auth/tickets';
import { fail } from '../../lib/api-error';
import { authed } from '../../plugins/auth';
import { envelopeOf, loginResponse, ticketInfoSchema } from '../schemas';
import { callerOf, sendLogin } from './respond';

const tags = ['auth'];

/**
 * Auto-login links for `/ProDeviceList?imei=..&key=..` (spec core 7). The key is a signed,
 * expiring ticket naming a user; unlike the spec's link it never carries a password.
 */
const ticket: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      config: { mark: MARK_DEVICE_LINK },
      schema: { tags, summary: 'Create an auto-login link (valid 1 hour)', body: ticketCreateBody, response: { 200: envelopeOf(ticketInfoSchema) } },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const imei = request.body.imei ?? '';
      const exp = app.clock.now() + AUTO_LOGIN_TTL_MS;
      const key = signTicket(await ticketSecret(app.db), { userId: scope.userId, imei, exp });
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const query = new URLSearchParams({ ...(imei ? { imei } : {}), key });
      const info: TicketInfo = { key, expiresAt: new Date(exp).toISOString(), url: `${origin}/ProDeviceList?${query}` };
      return reply.ok(info);
    },
  );

  app.post(
    '/exchange',
    { config: { public: true }, schema: { tags, summary: 'Exchange an auto-login ticket for a session', body: ticketExchangeBody, response: loginResponse } },
    async (request, reply) => {
      const caller = callerOf(request);
      const who = { kind: 'password', account: '(ticket)', address: caller.ip } as const;
      await assertNotThrottled(app, [addressKey(caller.ip)], who);
      const claims = verifyTicket(await ticketSecret(app.db), request.body.key, app.clock.now());
      if (!claims) {
        await countFailure(app, [addressKey(caller.ip)], who);
        fail(Code.BAD_REQUEST, 'ticketInvalid');
      }
      return sendLogin(reply, await ticketLogin(app, claims.userId, caller));
    },
  );
};

export default ticket;
