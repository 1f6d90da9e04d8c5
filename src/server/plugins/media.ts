import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORDING_MAX, RECORDING_MAX_MS } from '../../shared/constants';
import type { Recorder } from '../media/recorder-api';
import { FfmpegRecorder } from '../media/recorder';
import { saveRecording } from '../../entities/vcr';
import { ConferenceHub } from '../conference/hub';
import { CameraBridge } from '../media/camera-bridge';
import { Sfu } from '../media/sfu';
import { newToken } from '../lib/crypto';
import { settingOrCreate } from '../repos/settings';
import { storeUpload } from '../uploads/save-upload';
import { LocalVoiceProvider } from '../voice/local';
import type { VoiceProvider } from '../voice';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-service SFU (media/sfu.ts): door calls, conferences and the monitoring wall. */
    sfu: Sfu;
    /** Recordings of SFU rooms (media/recorder.ts): the conference's StartRecord/StopRecord. */
    recorder: Recorder;
    /** Cameras bridged into SFU rooms while watched (media/camera-bridge.ts). */
    cameras: CameraBridge;
    /** The conference's instances and rooms (conference/hub.ts): /api/conf and the device invitations. */
    conference: ConferenceHub;
    /**
     * Tokens of the service's own SFU: the voice provider when it is the local one, else a local
     * signer of its own, so the monitoring wall runs on the SFU even where door calls go to Agora.
     */
    mediaTokens: VoiceProvider & { verify: NonNullable<VoiceProvider['verify']> };
  }
}

/**
 * One SFU per process; its connections close with the service. Its own side of ICE uses STUN and
 * TURN servers with fixed credentials; per-caller TURN credentials (TURN_SECRET) are the callers'.
 */
async function mediaPlugin(app: FastifyInstance) {
  const { iceServers, portRange, hostAddresses } = app.config.media;
  const sfu = new Sfu({
    iceServers: iceServers.filter((s) => s.username !== undefined || s.urls.every((u) => u.startsWith('stun'))),
    portRange,
    extraHostAddresses: hostAddresses.length ? hostAddresses : undefined,
  });
  const recorder = new FfmpegRecorder({
    sfu,
    store: (tenantId, bytes) =>
      storeUpload(app, tenantId, bytes, { kind: 'video', under: RECORDING_MAX, strip: false }),
    workDir: join(tmpdir(), `console-recordings-${process.pid}`),
    maxMs: RECORDING_MAX_MS,
    log: app.log,
  });
  const cameras = new CameraBridge({ sfu, log: app.log });
  const conference = new ConferenceHub({
    sfu,
    clock: app.clock,
    log: app.log,
    recorder: () => recorder,
    recorded: (done) => saveRecording(app, done),
  });
  const voice = app.voice;
  app.decorate('sfu', sfu);
  app.decorate('recorder', recorder);
  app.decorate('cameras', cameras);
  app.decorate('conference', conference);
  app.decorate(
    'mediaTokens',
    voice.verify
      ? (voice as FastifyInstance['mediaTokens'])
      : new LocalVoiceProvider(
          await settingOrCreate(app.db, 'voice.localKey', newToken),
          app.clock,
          app.config.voiceTokenTtlS,
        ),
  );
  app.addHook('onClose', async () => {
    conference.close();
    await cameras.closeAll();
    await recorder.close();
    await sfu.close();
  });
}

export default fp(mediaPlugin, { name: 'media' });
