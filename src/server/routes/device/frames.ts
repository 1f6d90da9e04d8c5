import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { imeiBody, type FrameLogAnswer } from '../../../shared/devices/api';
import { isAdministrator } from '../../engine/query';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { STREAM_CODECS } from '../../protocols/registry';
import { deviceInScope } from '../../devices/scope';

/**
 * POST /api/device/device/frames: the raw frame log the protocol gateway keeps of a device
 * (docs/protocols.md "Raw frame log"), newest first, with the irregularities its frames had
 * (docs/protocols.md "Leniencies"); administrators of its tenant and super
 * administrators. The log lives on the replica holding the connection; another one answers none.
 */
const frameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/device/frames',
    {
      schema: {
        tags: ['device'],
        summary: "A device's raw protocol frames, both directions, with the codec's reading of each (administrators)",
        body: imeiBody,
      },
    },
    async (request, reply) => {
      if (!isAdministrator(authed(request).scope)) fail(Code.FORBIDDEN, 'noPermission');
      const d = await deviceInScope(app, request, request.body.imei);
      const log = app.protocols.frameLog(d.imei, STREAM_CODECS);
      const answer: FrameLogAnswer = {
        protocol: log?.protocol ?? null,
        frames: (log?.frames ?? []).reverse(),
        irregular: log?.irregular ?? {},
      };
      return reply.ok(answer);
    },
  );
};

export default frameRoutes;
