import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VOICE_WS_PATH } from '../../shared/alarms/push';
import { Code } from '../../shared/api';
import { fail } from '../lib/api-error';
import { authed } from '../auth/request';
import { envelopeOf } from './schemas';

/** `GET /api/realtime`: where the console's live bridge connects. */
interface RealtimeAnswer {
  /** MQTT over WebSocket of an external broker; null: this origin's `/mqtt`. */
  mqttUrl: string | null;
  /** The voice-broadcast socket's path on this origin. */
  voicePath: string;
}

const noticeBody = z.object({
  title: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  content: z.string().trim().min(1, 'required').max(2000, 'tooLong'),
});

/** The console's real-time endpoints, and the system-wide notice (the only use of `acm/notice/web`). */
const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/realtime',
    {
      schema: {
        tags: ['system'],
        summary: "Where the console connects for pushes: the broker's WebSocket URL and the voice socket's path",
        response: { 200: envelopeOf(z.object({ mqttUrl: z.string().nullable(), voicePath: z.string() })) },
      },
    },
    async (_request, reply) => {
      const answer: RealtimeAnswer = { mqttUrl: app.config.mqttWsUrl ?? null, voicePath: VOICE_WS_PATH };
      return reply.ok(answer);
    },
  );

  app.post(
    '/user/notice/send',
    {
      config: { write: true },
      schema: {
        tags: ['user'],
        summary: 'Super administrators: a notice to every console (code 9010 on acm/notice/web)',
        body: noticeBody,
      },
    },
    async (request, reply) => {
      if (authed(request).scope.kind !== 'super') fail(Code.FORBIDDEN, 'noPermission');
      await app.push.notice(request.body.title, request.body.content);
      return reply.ok(null);
    },
  );
};

export default realtimeRoutes;
