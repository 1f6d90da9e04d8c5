import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { deviceCommands } from '../../server/db/schema';
import { scopedWhere } from '../../server/db/scope';
import type { ResourceChange } from '../../server/events';
import { fail } from '../../server/lib/api-error';
import { CAMERA_UID, CameraError, probeCamera } from '../../server/media/camera-bridge';
import { RecorderError } from '../../server/media/recorder-api';
import { authed } from '../../server/auth/request';
import { consoleUid, deviceUid } from '../../server/voice';
import { inviteDevice } from '../../server/media/invite';
import { deviceInScope, operatorOf } from '../../server/devices/scope';
import { kindSupports } from '../../shared/devices/kinds';
import { saveRecording } from '../vcr';
import {
  cameraIdBody,
  cameraRecordBody,
  deviceWatchBody,
  type CameraCheckAnswer,
  type CameraWatchAnswer,
} from '../../shared/cameras';
import { CAMERA_MARK_WATCH_DEVICE, CAMERA_ROUTES } from './resource';
import { cameras } from './table';

const tags = ['device'];
const menus = [...CAMERA_ROUTES];
/** A camera's SFU room: per tenant and camera, so no viewer reaches another tenant's picture. */
const cameraRoom = (tenantId: number, id: number) => `cam_${tenantId}_${id}`;
/** A device's room on the wall, per tenant and device. */
const deviceRoom = (tenantId: number, imei: string) => `dev_${tenantId}_${imei}`;
/** A device that was asked to publish is not asked again for this long while it connects. */
const DEVICE_ASK_MS = 20_000;
/** How long the watch waits for the device's answer before it lets the viewer wait for the picture. */
const DEVICE_ACK_WAIT_MS = 5_000;

/** The command's acknowledgement once it came, or undefined after `ms`. */
async function ackWithin(
  app: FastifyInstance,
  id: number,
  ms: number,
): Promise<{ ackOk: boolean | null; ackMsg: string | null } | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const [row] = await app.db
      .select({ ackOk: deviceCommands.ackOk, ackMsg: deviceCommands.ackMsg })
      .from(deviceCommands)
      .where(eq(deviceCommands.id, id));
    if (row?.ackOk !== null && row?.ackOk !== undefined) return row;
    if (Date.now() >= end) return undefined;
    await new Promise((r) => setTimeout(r, 150));
  }
}

type CameraRow = typeof cameras.$inferSelect;

async function cameraOf(app: FastifyInstance, request: Parameters<typeof authed>[0], id: number): Promise<CameraRow> {
  const { scope } = authed(request);
  const [row] = await app.db
    .select()
    .from(cameras)
    .where(scopedWhere(scope, cameras, eq(cameras.id, id)))
    .limit(1);
  if (!row) fail(Code.BAD_REQUEST, 'notFound');
  return row;
}

/** Stores what the check or the bridge saw: the wall and the list show it. */
async function mark(app: FastifyInstance, id: number, error: string | null) {
  await app.db
    .update(cameras)
    .set({ state: error ? 2 : 1, lastError: error, checkedAt: new Date(app.clock.now()) })
    .where(eq(cameras.id, id));
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  // This app's state, not the module's (test files share modules, each with apps of its own).
  /** When each device room's device was last asked to publish. */
  const asked = new Map<string, number>();
  /** The recordings under way, per camera room (this replica: the wall routes /api/media to one, see README). */
  const recordings = new Map<string, { id: string; fileKey: string; by: number }>();
  app.post(
    '/watch',
    {
      // Opens the camera's stream on the service and stores what it saw: not for the visitor.
      config: { menus, write: true },
      schema: {
        tags,
        summary:
          "Start (or join) the camera's bridge into the SFU and get the token to receive it; answers once its picture is there",
        body: cameraIdBody,
      },
    },
    async (request, reply) => {
      const { user } = authed(request);
      const row = await cameraOf(app, request, request.body.id);
      if (!row.enabled) fail(Code.BAD_REQUEST, 'cameraDisabled');
      const channel = cameraRoom(row.tenantId, row.id);
      try {
        await app.cameras.open(channel, row.url);
      } catch (err) {
        if (!(err instanceof CameraError)) throw err;
        await mark(app, row.id, err.message);
        fail(Code.BAD_REQUEST, 'cameraUnreachable', `${MESSAGES.cameraUnreachable}: ${err.message}`);
      }
      if (row.state !== 1) await mark(app, row.id, null);
      const uid = consoleUid(user.id);
      const answer: CameraWatchAnswer = {
        appId: 'local',
        channel,
        uid,
        token: app.mediaTokens.buildToken(channel, uid).token,
        publisher: CAMERA_UID,
      };
      return reply.ok(answer);
    },
  );

  app.post(
    '/watchDevice',
    {
      // A hidden videoCall to the device: its own button mark, never the visitor.
      config: { menus, mark: CAMERA_MARK_WATCH_DEVICE },
      schema: {
        tags,
        summary:
          'Ask a device (door unit, watch, helmet) to publish its camera into its wall room, and get the token to receive it',
        body: deviceWatchBody,
      },
    },
    async (request, reply) => {
      const { user } = authed(request);
      const d = await deviceInScope(app, request, request.body.imei);
      if (!kindSupports(d.kind, 'videoCall')) fail(Code.BAD_REQUEST, 'noCommand');
      const channel = deviceRoom(d.tenantId, d.imei);
      const publisher = deviceUid(d.imei);
      const now = app.clock.now();
      const publishing = app.sfu.room(channel).some((p) => p.uid === publisher);
      if (!publishing && now - (asked.get(channel) ?? 0) > DEVICE_ASK_MS) {
        // Offline or unable devices are refused here, with the command's own message.
        const { id } = await inviteDevice(
          app,
          d,
          { channel, roomId: 'monitor', video: true, hide: true },
          operatorOf(request),
        );
        // A device that answers no (busy in a call) is told to the viewer at once, and asked again next time.
        const ack = await ackWithin(app, id, DEVICE_ACK_WAIT_MS);
        if (ack?.ackOk === false)
          fail(Code.BAD_REQUEST, 'deviceRefusedVideo', `${MESSAGES.deviceRefusedVideo}: ${ack.ackMsg ?? ''}`);
        asked.set(channel, now);
      }
      const uid = consoleUid(user.id);
      const answer: CameraWatchAnswer = {
        appId: 'local',
        channel,
        uid,
        token: app.mediaTokens.buildToken(channel, uid).token,
        publisher,
      };
      return reply.ok(answer);
    },
  );

  app.post(
    '/check',
    {
      config: { menus, write: true },
      schema: {
        tags,
        summary: 'Check that the stream can be read (ffprobe, at most 12 s) and store the state',
        body: cameraIdBody,
      },
    },
    async (request, reply) => {
      const row = await cameraOf(app, request, request.body.id);
      let answer: CameraCheckAnswer;
      try {
        const probe = await probeCamera(row.url);
        await mark(app, row.id, null);
        answer = { state: 1, lastError: null, ...probe };
      } catch (err) {
        if (!(err instanceof CameraError)) throw err;
        await mark(app, row.id, err.message);
        answer = { state: 2, lastError: err.message };
      }
      return reply.ok(answer);
    },
  );

  app.post(
    '/record',
    {
      config: { menus, write: true },
      schema: {
        tags,
        summary: 'Start or stop recording a watched camera into the video library',
        body: cameraRecordBody,
      },
    },
    async (request, reply) => {
      const { user } = authed(request);
      const { id: cameraId, imei } = request.body;
      // A camera by id, or a device on the wall by IMEI: each has a room of its own.
      const row =
        cameraId !== undefined
          ? await cameraOf(app, request, cameraId)
          : await deviceInScope(app, request, imei!).then((d) => ({ id: d.imei, tenantId: d.tenantId, imei: d.imei }));
      const room = cameraId !== undefined ? cameraRoom(row.tenantId, cameraId) : deviceRoom(row.tenantId, imei!);
      const running = recordings.get(room);
      try {
        if (request.body.action === 'start') {
          if (running) fail(Code.BAD_REQUEST, 'cameraRecording');
          const fileKey = `${cameraId !== undefined ? 'cam' : 'dev'}_${row.id}_${app.clock.now()}`;
          const { id } = await app.recorder.start({ room, tenantId: row.tenantId, video: true, fileKey });
          recordings.set(room, { id, fileKey, by: user.id });
          return reply.ok({ recording: true });
        }
        if (!running) fail(Code.BAD_REQUEST, 'cameraNotRecording');
        recordings.delete(room);
        const done = await app.recorder.stop(running.id);
        const id = await saveRecording(app, {
          ...done,
          tenantId: row.tenantId,
          fileKey: running.fileKey,
          room,
          imeis: row.imei ? [row.imei] : [],
        });
        return reply.ok({ recording: false, id, fileName: `${running.fileKey}_0000`, durationMs: done.durationMs });
      } catch (err) {
        if (err instanceof RecorderError) fail(Code.BAD_REQUEST, 'invalidInput', err.message);
        throw err;
      }
    },
  );

  // A changed or deleted camera's bridge stops; its viewers reconnect to the new stream.
  const onChange = (change: ResourceChange) => {
    if (change.name === 'camera' && change.action !== 'add' && change.tenantId !== undefined)
      app.cameras.close(cameraRoom(change.tenantId, change.id));
  };
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => void app.events.off('resource.changed', onChange));
};

export default plugin;
