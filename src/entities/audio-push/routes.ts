import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { UPLOAD_AUDIO_MAX } from '../../shared/constants';
import { audioPushSendBody, ttsPreviewBody, type AudioUploadAnswer } from '../../shared/devices/audio-push';
import type { BatchCommandResult } from '../../shared/devices/api';
import { devices } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { tenantWhere } from '../../server/db/scope';
import { sendCommandToMany } from '../../server/devices/commands';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { operatorOf } from '../../server/devices/scope';
import { LocalTtsProvider, type TtsProvider } from '../../server/tts';
import { saveUpload } from '../../server/uploads/save-upload';
import { audioPushes } from './table';

/** What the local provider does unless a test hands another one. */
export const tts: { provider: TtsProvider } = { provider: new LocalTtsProvider() };

const plugin: FastifyPluginAsyncZod = async (app) => {
  const urlOf = (origin: string, name: string) => `${app.config.publicUrl ?? origin}/api/file/${name}`;

  app.post(
    '/upload',
    {
      config: { mark: 'device:command' },
      schema: {
        tags: ['device'],
        summary: 'Upload audio to push (field "file", MP3/WAV/Ogg/AAC judged by content, under 10 MB)',
      },
    },
    async (request, reply) => {
      const saved = await saveUpload(request, { kind: 'audio', under: UPLOAD_AUDIO_MAX, strip: false });
      const answer: AudioUploadAnswer = { ...saved, url: urlOf(`${request.protocol}://${request.host}`, saved.name) };
      return reply.ok(answer);
    },
  );

  app.post(
    '/send',
    {
      config: { mark: 'device:command' },
      schema: {
        tags: ['device'],
        summary:
          'Push an uploaded audio file or text-to-speech to devices with a broadcast command; each device answered on its own',
        body: audioPushSendBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { scope } = authed(request);
      const op = operatorOf(request);
      const found = await app.db
        .select()
        .from(devices)
        .where(and(inArray(devices.imei, body.imeis), tenantWhere(scope, devices)));
      let params: Record<string, unknown>;
      if (body.source === 'file') {
        // Only a file this company uploaded may be pushed.
        // (the uploads table lives in db/schema.ts, which an entity folder may not import)
        const owned = rowsOf<{ name: string }>(
          await app.db.execute(
            sql`select name from uploads where name = ${body.file} and tenant_id = ${scope.tenantId}`,
          ),
        );
        if (owned.length === 0) return fail(Code.BAD_REQUEST, 'fileFormat');
        params = { mp3: urlOf(`${request.protocol}://${request.host}`, body.file) };
      } else params = await tts.provider.deviceParams(body.text);
      const results: BatchCommandResult[] = await sendCommandToMany(
        app,
        body.imeis,
        found,
        { cmd: 'broadcast', params },
        op,
      );
      const byImei = new Map(found.map((d) => [d.imei, d]));
      const rows = results.flatMap((r) => {
        const d = byImei.get(r.imei);
        if (!d || r.id === undefined) return [];
        const title = body.source === 'file' ? body.title : body.text;
        return [
          {
            tenantId: d.tenantId,
            deviceId: d.id,
            imei: d.imei,
            deviceName: d.name,
            source: body.source,
            title,
            file: body.source === 'file' ? body.file : null,
            commandId: r.id,
            operatorName: op.name,
          },
        ];
      });
      if (rows.length) await app.db.insert(audioPushes).values(rows);
      return reply.ok({ results }, 'commandSent');
    },
  );

  app.post(
    '/preview',
    {
      config: { mark: 'device:command' },
      schema: {
        tags: ['device'],
        summary: 'A WAV rendering of text-to-speech text, when this server can synthesise (espeak-ng)',
        body: ttsPreviewBody,
      },
    },
    async (request, reply) => {
      const wav = await tts.provider.preview(request.body.text, request.body.lang);
      if (!wav) return fail(Code.BAD_REQUEST, 'ttsUnavailable');
      return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
    },
  );
};

export default plugin;
