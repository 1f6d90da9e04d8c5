import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../shared/api';
import {
  mediaAcceptBody,
  mediaAuth,
  mediaLeaveBody,
  mediaPublishBody,
  mediaSubscribeBody,
  type MediaRoomAnswer,
  type MediaSessionAnswer,
} from '../../shared/media';
import type { MsgKey } from '../../shared/messages';
import { fail } from '../lib/api-error';
import { iceServersFor } from '../media/ice';
import { SfuError } from '../media/sfu';

const tags = ['media'];
const access = { public: true } as const;

const SFU_MESSAGES: Record<SfuError['key'], MsgKey> = {
  roomFull: 'mediaRoomFull',
  noSuchPublisher: 'mediaNoPublisher',
  noSuchSession: 'mediaNoSession',
  badSdp: 'mediaBadSdp',
};

/**
 * Signalling of the in-service SFU. No session: the call token is the right to a channel, so a
 * door unit signals as a console does, and a token for one tenant's door unit opens no other
 * channel. With Agora configured the media never reaches this service and these routes refuse.
 */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // A door call's token comes from Agora when it is configured (mediaExternal); the wall's camera
  // rooms always run here, on tokens of the service's own signer.
  const admit = ({ channel, uid, token }: z.infer<typeof mediaAuth>): void => {
    if (app.mediaTokens.verify(token, channel, uid)) return;
    fail(app.voice.verify ? Code.FORBIDDEN : Code.BAD_REQUEST, app.voice.verify ? 'mediaToken' : 'mediaExternal');
  };
  const withMessages = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof SfuError) fail(Code.BAD_REQUEST, SFU_MESSAGES[err.key]);
      throw err;
    }
  };

  app.post(
    '/room',
    {
      config: access,
      schema: {
        tags,
        summary: "The channel's publishers and what each sends, and the caller's STUN/TURN servers",
        body: mediaAuth,
      },
    },
    async (request, reply) => {
      admit(request.body);
      const { channel, uid } = request.body;
      const { iceServers, turnSecret } = app.config.media;
      const answer: MediaRoomAnswer = {
        publishers: app.sfu.room(channel),
        watchers: app.sfu.stats(channel).find((s) => s.uid === uid)?.subscribers ?? 0,
        iceServers: iceServersFor(iceServers, {
          turnSecret,
          uid,
          ttlS: app.config.voiceTokenTtlS,
          now: app.clock.now(),
        }),
      };
      return reply.ok(answer);
    },
  );

  app.post(
    '/publish',
    {
      config: access,
      schema: {
        tags,
        summary: 'Publish microphone and camera: the offer in, the SFU answer out',
        body: mediaPublishBody,
      },
    },
    async (request, reply) => {
      admit(request.body);
      const { channel, uid, sdp } = request.body;
      const answer: MediaSessionAnswer = await withMessages(() => app.sfu.publish(channel, uid, sdp));
      return reply.ok(answer);
    },
  );

  app.post(
    '/subscribe',
    {
      config: access,
      schema: {
        tags,
        summary: "Receive a publisher: the SFU's offer, to be answered through /accept",
        body: mediaSubscribeBody,
      },
    },
    async (request, reply) => {
      admit(request.body);
      const { channel, uid, publisher } = request.body;
      const answer: MediaSessionAnswer = await withMessages(() => app.sfu.subscribe(channel, uid, publisher));
      return reply.ok(answer);
    },
  );

  app.post(
    '/accept',
    { config: access, schema: { tags, summary: "The subscriber's answer to the SFU's offer", body: mediaAcceptBody } },
    async (request, reply) => {
      admit(request.body);
      const { channel, uid, id, sdp } = request.body;
      await withMessages(() => app.sfu.accept(channel, uid, id, sdp));
      return reply.ok(null);
    },
  );

  app.post(
    '/leave',
    {
      config: access,
      schema: { tags, summary: 'Leave: one session, or everything the uid has in the channel', body: mediaLeaveBody },
    },
    async (request, reply) => {
      admit(request.body);
      const { channel, uid, id } = request.body;
      if (id) app.sfu.leave(channel, uid, id);
      else app.sfu.leaveRoom(channel, uid);
      return reply.ok(null);
    },
  );
};

export default mediaRoutes;
