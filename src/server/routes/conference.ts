import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONF_RET,
  confLoginBody,
  confLoginParams,
  confPollParams,
  confSetBody,
  type ConfLoginData,
} from '../../shared/conference';
import { resolveToken } from '../auth/sessions';
import { ApiError } from '../lib/api-error';
import { iceServersFor } from '../media/ice';

const tags = ['conference'];

/**
 * The conference service of docs/requirements/realtime-video.md, at /api/conf (the console's
 * `{service}`): login, the polled message queue and the posted messages, in the conference
 * service's own `{ret, data | msg}` shapes rather than the console envelope. A console logs in with
 * its user id and session token. Protocol: docs/conference-protocol.md.
 */
const conferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.conference;

  const common = {
    config: { public: true },
    // A malformed body or path gets the conference service's shape too, never the console envelope.
    errorHandler: (err: Error & { statusCode?: number }, _request: unknown, reply: FastifyReply) => {
      // The service's own refusals (the text check of every request, src/server/routes/index.ts) are the caller's fault too.
      const status = err instanceof ApiError ? 400 : err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) app.log.error({ err }, 'conference request failed');
      return reply
        .status(status)
        .send({ ret: CONF_RET.badRequest, msg: status === 500 ? 'internal error' : err.message.slice(0, 300) });
    },
  };

  app.post(
    '/v1/conference/:n',
    {
      ...common,
      schema: {
        tags,
        summary: 'Conference login: user id and session token in, instanceId, confNum and ICE servers out',
        params: confLoginParams,
        body: confLoginBody,
      },
    },
    async (request) => {
      const { accountName, password } = request.body;
      const live = await resolveToken(app, password);
      if (!live || String(live.userId) !== accountName)
        return { ret: CONF_RET.badCredentials, msg: 'bad accountName or password' };
      const uid = String(live.userId);
      const inst = hub.login(
        {
          userId: live.userId,
          tenantId: live.scope.tenantId,
          userName: live.user.username,
          displayName: live.user.name || live.user.username,
        },
        String(request.params.n),
      );
      const { iceServers, turnSecret } = app.config.media;
      const data: ConfLoginData = {
        instanceId: inst.id,
        confNum: inst.confNum,
        iceServers: iceServersFor(iceServers, {
          turnSecret,
          uid,
          ttlS: app.config.voiceTokenTtlS,
          now: app.clock.now(),
        }).map((s) => ({ url: s.urls[0]!, ...s })),
      };
      return { ret: 0, data };
    },
  );

  const find = (confNum: string, instanceId: string) => {
    const found = hub.find(confNum, instanceId);
    if (found === 'instanceId') return { error: { ret: CONF_RET.invalidInstance, msg: 'invalid instanceId' } };
    if (found === 'confNum') return { error: { ret: CONF_RET.invalidConfNum, msg: 'invalid confNum' } };
    return { inst: found };
  };

  app.get(
    '/v1/get/:confNum/:instanceId',
    {
      ...common,
      schema: { tags, summary: 'The messages queued for the instance since its last poll', params: confPollParams },
    },
    async (request) => {
      const { inst, error } = find(request.params.confNum, request.params.instanceId);
      if (error) return error;
      return { ret: 0, data: hub.poll(inst) };
    },
  );

  app.post(
    '/v1/set/:confNum/:instanceId',
    {
      ...common,
      schema: { tags, summary: 'Commands and SDP from the console', params: confPollParams, body: confSetBody },
    },
    async (request) => {
      const { inst, error } = find(request.params.confNum, request.params.instanceId);
      if (error) return error;
      // Answers come through the queue: the post returns at once, the SFU's offers and answers (up to 3 s of ICE gathering) follow.
      void hub.post(inst, request.body.data);
      return { ret: 0, data: null };
    },
  );
};

export default conferenceRoutes;
