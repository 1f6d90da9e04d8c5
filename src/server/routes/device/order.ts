import { and, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { manyVideoCallBody } from '../../../shared/conference';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { devices } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { inviteDevice } from '../../media/invite';
import { ApiError, fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { deviceUid } from '../../voice';
import { operatorOf } from '../../devices/scope';

const tags = ['device'];

/**
 * `order/manyVideoCallToJuphoon` (docs/requirements/realtime-video.md, docs/device-protocol.md#video-calls):
 * the caller, in a conference room, invites devices into it. Each device gets a `videoCall`
 * command with the room's SFU channel, its uid and a token of the service's own signer, joins
 * with its camera and microphone, and is listed as a member at once. Each device is answered on
 * its own: unknown, offline, unable or no room left.
 */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order/manyVideoCallToJuphoon',
    // A device's camera and microphone are opened: never for the read-only visitor.
    {
      config: { write: true },
      schema: {
        tags,
        summary: 'Invite devices into the conference room the caller is in (videoCall command)',
        body: manyVideoCallBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { imeis, hide, roomId, video } = request.body;
      const room = app.conference.roomOf(scope.tenantId, user.id, roomId);
      if (!room) fail(Code.BAD_REQUEST, 'confNotInRoom');
      const found = await app.db
        .select()
        .from(devices)
        .where(and(inArray(devices.imei, imeis), tenantWhere(scope, devices)));
      const byImei = new Map(found.map((d) => [d.imei, d]));
      const results: BatchCommandResult[] = [];
      for (const imei of imeis) {
        const d = byImei.get(imei);
        if (!d) {
          results.push({ imei, key: 'notFound' });
          continue;
        }
        const uid = deviceUid(imei);
        if (app.conference.addDevice(room, { imei, uid, name: d.name || imei, video }) === 'full') {
          results.push({ imei, key: 'mediaRoomFull' });
          continue;
        }
        try {
          const answer = await inviteDevice(
            app,
            d,
            { channel: room.sfuRoom, roomId, by: String(user.id), video, hide },
            operatorOf(request),
          );
          results.push({ imei, ...answer });
        } catch (err) {
          app.conference.dropDevice(room, uid);
          if (!(err instanceof ApiError)) throw err;
          results.push({ imei, key: err.key });
        }
      }
      return reply.ok({ results }, 'commandSent');
    },
  );
};

export default orderRoutes;
