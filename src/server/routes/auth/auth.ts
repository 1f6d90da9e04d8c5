import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import {
  changePasswordBody,
  loginBody,
  smsLoginBody,
  smsSendBody,
  userInfoSchema,
  visitorLoginBody,
} from '../../../shared/auth';
import { passwordLogin, sendSmsCode, smsLogin, visitorLogin } from '../../auth/login';
import { assertNotThrottled, countFailure, pairKey } from '../../auth/throttle';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { revokeSession, revokeUserSessions } from '../../repos/sessions';
import { findUserById, setPasswordHash, userInfo } from '../../repos/users';
import { callerOf, sendLogin } from './respond';
import { emptyEnvelope, loginResponse, envelopeOf } from '../schemas';

const tags = ['auth'];

/** Account, SMS and visitor logins, logout, password change and the current user (`/api/auth/auth/*`). */
const auth: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    { config: { public: true }, schema: { tags, summary: 'Account login', body: loginBody, response: loginResponse } },
    async (request, reply) =>
      sendLogin(reply, await passwordLogin(app, request.body.username, request.body.password, callerOf(request))),
  );

  app.post(
    '/sendSmsCode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Send a login code (one per phone per 60 s, valid 5 min, 5 tries)',
        body: smsSendBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await sendSmsCode(app, request.body.phone, callerOf(request));
      return reply.ok(null, 'smsSent');
    },
  );

  app.post(
    '/smsLogin',
    {
      config: { public: true },
      schema: { tags, summary: 'Log in with an SMS code', body: smsLoginBody, response: loginResponse },
    },
    async (request, reply) =>
      sendLogin(reply, await smsLogin(app, request.body.phone, request.body.code, callerOf(request))),
  );

  app.post(
    '/visitorLogin',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Log in as the demo tenant's read-only visitor",
        body: visitorLoginBody.optional(),
        response: loginResponse,
      },
    },
    async (request, reply) => sendLogin(reply, await visitorLogin(app, callerOf(request))),
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Revoke the current session', response: { 200: emptyEnvelope } } },
    async (request, reply) => {
      const { tokenHash } = authed(request);
      await revokeSession(app.db, tokenHash, app.clock.now());
      app.events.emit('sessions.revoked', { tokenHash });
      return reply.ok(null);
    },
  );

  app.post(
    '/changePassword',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "Change the caller's password (ends all their sessions)",
        body: changePasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      // A stolen session must not become a password-guessing oracle.
      const keys = [pairKey(user.username, request.ip)];
      const who = { kind: 'password', account: user.username, address: request.ip } as const;
      await assertNotThrottled(app, keys, who);
      if (!(await app.hasher.verify(user.passwordHash, request.body.oldPassword))) {
        await countFailure(app, keys, who);
        fail(Code.BAD_REQUEST, 'oldPasswordWrong');
      }
      const now = app.clock.now();
      await setPasswordHash(app.db, scope, user.id, await app.hasher.hash(request.body.newPassword), now);
      await revokeUserSessions(app.db, user.id, now);
      app.events.emit('sessions.revoked', { userId: user.id });
      return reply.ok(null, 'passwordChanged');
    },
  );

  app.post(
    '/userInfo',
    {
      schema: {
        tags,
        summary: 'The current user (what login answered)',
        response: { 200: envelopeOf(userInfoSchema) },
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const found = await findUserById(app.db, scope, scope.userId);
      if (!found) fail(Code.SESSION_EXPIRED, 'sessionExpired');
      return reply.ok(await userInfo(app.db, scope, found, app.config.timeZone));
    },
  );
};

export default auth;
