import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildTokenBody, propertyAnswerBody, type BuildTokenAnswer } from '../../../shared/alarms/api';
import { Code } from '../../../shared/api';
import { deviceEvents } from '../../db/schema';
import { fail } from '../../lib/api-error';
import { authed } from '../../plugins/auth';
import { callChannel, deviceUid } from '../../voice';
import { deviceInScope } from './scope';

const tags = ['device'];

/**
 * The door-unit intercom (docs/requirements/realtime-intercom.md#intercom-calls): the door unit's side of a
 * call's channel, and the
 * console's hang-up. Devices of another tenant are as unknown as missing ones.
 */
const voiceNetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/voiceNet/buildToken',
    // A call token opens the door unit's audio and video: never for the read-only visitor.
    { config: { write: true }, schema: { tags, summary: "The door unit's uid and token for the call channel of imei + roomNo", body: buildTokenBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      if (d.kind !== 'doorUnit') fail(Code.BAD_REQUEST, 'noCommand');
      const channel = callChannel(d.imei, request.body.roomNo);
      const uid = deviceUid(d.imei);
      const answer: BuildTokenAnswer = { deviceUid: uid, deviceToken: app.voice.buildToken(channel, uid).token, channel, appId: app.voice.appId };
      return reply.ok(answer);
    },
  );

  app.post(
    '/voiceNet/property/answer',
    { config: { write: true }, schema: { tags, summary: 'Hang-up: records the end of a door-unit call', body: propertyAnswerBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const { user } = authed(request);
      const { roomNo } = request.body;
      await app.db.insert(deviceEvents).values({
        deviceId: d.id,
        tenantId: d.tenantId,
        ts: new Date(app.clock.now()),
        type: 'callEnd',
        data: { userId: user.id, ...(roomNo ? { roomNo, channel: callChannel(d.imei, roomNo) } : {}) },
      });
      return reply.ok(null);
    },
  );
};

export default voiceNetRoutes;
