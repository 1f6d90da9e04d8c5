import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildTokenBody, propertyAnswerBody, type BuildTokenAnswer } from '../../../shared/alarms/api';
import { Code } from '../../../shared/api';
import { deviceEvents } from '../../db/schema';
import { deviceByBasicAuth } from '../../devices/basic-auth';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { callChannel, deviceUid } from '../../voice';
import { deviceInScope } from '../../devices/scope';

const tags = ['device'];
const deviceTokenBody = buildTokenBody.pick({ roomNo: true });

/**
 * The door-unit intercom (docs/requirements/realtime-intercom.md#intercom-calls): the door unit's side of a
 * call's channel, asked for by a console or by the door unit itself, and the
 * console's hang-up. Devices of another tenant are as unknown as missing ones.
 */
const voiceNetRoutes: FastifyPluginAsyncZod = async (app) => {
  const doorUnitToken = (d: { imei: string; kind: string }, roomNo: string): BuildTokenAnswer => {
    if (d.kind !== 'doorUnit') fail(Code.BAD_REQUEST, 'noCommand');
    const channel = callChannel(d.imei, roomNo);
    const uid = deviceUid(d.imei);
    return { deviceUid: uid, deviceToken: app.voice.buildToken(channel, uid).token, channel, appId: app.voice.appId };
  };

  app.post(
    '/voiceNet/buildToken',
    // A call token opens the door unit's audio and video: never for the read-only visitor.
    {
      config: { write: true },
      schema: {
        tags,
        summary: "The door unit's uid and token for the call channel of imei + roomNo",
        body: buildTokenBody,
      },
    },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      return reply.ok(doorUnitToken(d, request.body.roomNo));
    },
  );

  app.post(
    '/voiceNet/deviceToken',
    // The door unit's own way to its call media (src/sim/media.ts does what a real unit does): its MQTT credentials as Basic auth.
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A door unit asks for its own uid and token for the call channel of roomNo (Basic auth imei:secret)',
        body: deviceTokenBody,
      },
    },
    async (request, reply) => {
      const d = await deviceByBasicAuth(app, request);
      return reply.ok(doorUnitToken(d, request.body.roomNo));
    },
  );

  app.post(
    '/voiceNet/property/answer',
    {
      config: { write: true },
      schema: { tags, summary: 'Hang-up: records the end of a door-unit call', body: propertyAnswerBody },
    },
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
