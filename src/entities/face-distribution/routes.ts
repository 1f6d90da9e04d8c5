import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { DEVICE_STATE } from '../../shared/codes';
import type { BatchCommandResult } from '../../shared/devices/api';
import {
  FACE_PROBE_MAX,
  type FaceLibraryDownload,
  type FaceLibraryParams,
  type FaceVerifyAnswer,
} from '../../shared/devices/faces';
import { IMEI_RE, MAX_BATCH_DEVICES, type SendCommandBody } from '../../shared/devices/protocol';
import { devices } from '../../server/db/schema';
import { scopedWhere } from '../../server/db/scope';
import { deviceByBasicAuth } from '../../server/devices/basic-auth';
import { sendCommand, type Target } from '../../server/devices/commands';
import type { KnownDevice } from '../../server/devices/hub';
import { faceLibraryCache, analyseFace, similarity } from '../../server/faces';
import { ApiError, fail } from '../../server/lib/api-error';
import type { ResourceChange } from '../../server/events';
import { authed } from '../../server/auth/request';
import { faceLibraries } from '../face-library';
import { FACE_REVIEW, faceReviews } from '../face-review';
import { personOf, faceSamples } from '../face-sample';
import { faceDistributions } from './table';

const sendBody = z.object({
  libraryId: z.number().int().positive(),
  imeis: z.array(z.string().regex(IMEI_RE)).min(1).max(MAX_BATCH_DEVICES),
});
const resendBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_BATCH_DEVICES) });
const verifyQuery = z.object({ libraryId: z.coerce.number().int().positive().optional() });
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/** The door unit's download of a library (GET, its Basic credentials). */
const libraryPath = (id: number) => `/api/device/faceDistribution/library/${id}`;

const targetColumns = {
  id: devices.id,
  imei: devices.imei,
  tenantId: devices.tenantId,
  kind: devices.kind,
  state: devices.state,
  messageType: devices.messageType,
  gatewayId: devices.gatewayId,
  lastValues: devices.lastValues,
  name: devices.name,
};

/**
 * Sends the library to one door unit as a `faceLibrary` command and records it on the
 * distribution row (one per library and unit). An offline unit's row stays pending with the
 * reason; the answer carries the command id and broker status, or the refusal's key.
 */
async function push(
  app: FastifyInstance,
  library: { id: number; name: string; interThreshold: number; tenantId: number },
  device: Target,
  op: { id: number; name: string },
  sampleCount: number,
): Promise<BatchCommandResult> {
  const params: FaceLibraryParams = {
    libraryId: library.id,
    name: library.name,
    count: sampleCount,
    threshold: library.interThreshold,
    version: app.clock.now(),
    url: libraryPath(library.id),
  };
  let answer: BatchCommandResult;
  try {
    answer = {
      imei: device.imei,
      ...(await sendCommand(
        app,
        device,
        { imei: device.imei, cmd: 'faceLibrary', params } as unknown as SendCommandBody,
        op,
      )),
    };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    answer = { imei: device.imei, key: err.key };
  }
  const values = { commandId: answer.id ?? null, error: answer.key ?? null, sampleCount };
  const [existing] = await app.db
    .select({ id: faceDistributions.id, attempts: faceDistributions.attempts })
    .from(faceDistributions)
    .where(and(eq(faceDistributions.libraryId, library.id), eq(faceDistributions.deviceId, device.id)));
  if (existing) {
    // A refused re-send keeps the earlier command's state.
    await app.db
      .update(faceDistributions)
      .set(answer.id ? { ...values, attempts: existing.attempts + 1 } : { error: values.error })
      .where(eq(faceDistributions.id, existing.id));
  } else {
    await app.db.insert(faceDistributions).values({
      tenantId: library.tenantId,
      libraryId: library.id,
      deviceId: device.id,
      imei: device.imei,
      ...values,
      attempts: answer.id ? 1 : 0,
    });
  }
  return answer;
}

async function libraryInScope(app: FastifyInstance, where: ReturnType<typeof scopedWhere>) {
  const [library] = await app.db
    .select({
      id: faceLibraries.id,
      name: faceLibraries.name,
      interThreshold: faceLibraries.interThreshold,
      tenantId: faceLibraries.tenantId,
    })
    .from(faceLibraries)
    .where(where);
  if (!library) return fail(Code.NOT_FOUND, 'notFound');
  const [n] = await app.db.select({ n: count() }).from(faceSamples).where(eq(faceSamples.libraryId, library.id));
  return { library, sampleCount: n?.n ?? 0 };
}

/** The unit's distributions never sent (it was offline), sent now that it is online. */
async function pushPending(app: FastifyInstance, device: KnownDevice): Promise<void> {
  const pending = await app.db
    .select({ libraryId: faceDistributions.libraryId })
    .from(faceDistributions)
    .where(and(eq(faceDistributions.deviceId, device.id), isNull(faceDistributions.commandId)));
  if (pending.length === 0) return;
  const [target] = await app.db.select(targetColumns).from(devices).where(eq(devices.id, device.id));
  if (!target) return;
  for (const { libraryId } of pending) {
    const { library, sampleCount } = await libraryInScope(app, eq(faceLibraries.id, libraryId));
    await push(app, library, { ...target, state: DEVICE_STATE.online }, { id: 0, name: '' }, sampleCount);
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  // Verifications compare with the samples kept in memory; a change of this replica drops them.
  const cache = faceLibraryCache(app);
  const onChange = (c: ResourceChange) => {
    if (c.name === 'faceSample' || c.name === 'faceLibrary') cache.clear();
  };
  // A door unit coming online gets the libraries it could not be sent while offline.
  const onOnline = (device: KnownDevice) => {
    if (device.kind !== 'doorUnit') return;
    pushPending(app, device).catch((err: unknown) =>
      app.log.warn({ err, imei: device.imei }, 'pending face library push failed'),
    );
  };
  app.events.on('resource.changed', onChange);
  app.deviceHub.on('online', onOnline);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
    app.deviceHub.off('online', onOnline);
  });

  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: FACE_PROBE_MAX }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/send',
    {
      config: { mark: 'faceDistribution:distribute' },
      schema: {
        tags: ['device'],
        summary: 'Push a face library to door units (faceLibrary command); each unit answered on its own',
        body: sendBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const body = sendBody.parse(request.body);
      const { library, sampleCount } = await libraryInScope(
        app,
        scopedWhere(scope, faceLibraries, eq(faceLibraries.id, body.libraryId)),
      );
      const found = await app.db
        .select(targetColumns)
        .from(devices)
        .where(and(inArray(devices.imei, body.imeis), eq(devices.tenantId, library.tenantId)));
      const byImei = new Map(found.map((d) => [d.imei, d]));
      const results: BatchCommandResult[] = [];
      for (const imei of new Set(body.imeis)) {
        const device = byImei.get(imei);
        if (!device) results.push({ imei, key: 'notFound' });
        else if (device.kind !== 'doorUnit') results.push({ imei, key: 'noCommand' });
        else results.push(await push(app, library, device, { id: user.id, name: user.username }, sampleCount));
      }
      // The residents' faces passed into this library are now on their door units.
      if (results.some((r) => r.id)) {
        await app.db
          .update(faceReviews)
          .set({ state: FACE_REVIEW.delivered })
          .where(and(eq(faceReviews.libraryId, library.id), eq(faceReviews.state, FACE_REVIEW.passed)));
      }
      return reply.ok(results);
    },
  );

  app.post(
    '/resend',
    {
      config: { mark: 'faceDistribution:distribute' },
      schema: { tags: ['device'], summary: 'Send the libraries of these distribution rows again', body: resendBody },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const body = resendBody.parse(request.body);
      const rows = await app.db
        .select({
          id: faceDistributions.id,
          libraryId: faceDistributions.libraryId,
          deviceId: faceDistributions.deviceId,
        })
        .from(faceDistributions)
        .where(scopedWhere(scope, faceDistributions, inArray(faceDistributions.id, body.ids)));
      if (rows.length !== new Set(body.ids).size) return fail(Code.NOT_FOUND, 'notFound');
      const results: BatchCommandResult[] = [];
      for (const row of rows) {
        const { library, sampleCount } = await libraryInScope(app, eq(faceLibraries.id, row.libraryId));
        const [device] = await app.db.select(targetColumns).from(devices).where(eq(devices.id, row.deviceId));
        results.push(await push(app, library, device!, { id: user.id, name: user.username }, sampleCount));
      }
      return reply.ok(results);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/library/:id',
    {
      config: { public: true },
      schema: {
        tags: ['device'],
        summary:
          "A door unit downloads a face library of its company: samples' ids, labels and embeddings (Basic auth imei:secret)",
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const id = Number(request.params.id);
      if (!Number.isInteger(id) || id <= 0) return fail(Code.NOT_FOUND, 'notFound');
      const [library] = await app.db
        .select()
        .from(faceLibraries)
        .where(and(eq(faceLibraries.id, id), eq(faceLibraries.tenantId, device.tenantId)));
      if (!library) return fail(Code.NOT_FOUND, 'notFound');
      const samples = await app.db
        .select({ id: faceSamples.id, labels: faceSamples.labels, embedding: faceSamples.embedding })
        .from(faceSamples)
        .where(eq(faceSamples.libraryId, id))
        .orderBy(faceSamples.id);
      const download: FaceLibraryDownload = { id, name: library.name, threshold: library.interThreshold, samples };
      return reply.ok(download);
    },
  );

  app.post<{ Querystring: { libraryId?: string } }>(
    '/verify',
    {
      config: { public: true },
      bodyLimit: FACE_PROBE_MAX,
      schema: {
        tags: ['device'],
        summary:
          "A door unit's face picture (raw JPEG/PNG/WebP body under 2 MB, Basic auth imei:secret): the best matching sample and whether it passes its library's threshold",
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const query = verifyQuery.safeParse(request.query);
      if (!query.success) return fail(Code.BAD_REQUEST, 'invalidInput');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return fail(Code.BAD_REQUEST, 'fileFormat');
      // The libraries pushed to this unit; a unit that was sent none searches all of its company's.
      const pushed = await app.db
        .select({ libraryId: faceDistributions.libraryId })
        .from(faceDistributions)
        .where(eq(faceDistributions.deviceId, device.id));
      const ids = query.data.libraryId ? [query.data.libraryId] : pushed.map((p) => p.libraryId);
      const libraries = await app.db
        .select({
          id: faceLibraries.id,
          name: faceLibraries.name,
          qualityThreshold: faceLibraries.qualityThreshold,
          interThreshold: faceLibraries.interThreshold,
        })
        .from(faceLibraries)
        .where(
          and(eq(faceLibraries.tenantId, device.tenantId), ids.length ? inArray(faceLibraries.id, ids) : undefined),
        );
      const probe = await analyseFace(bytes, 0);
      const byId = new Map(libraries.map((l) => [l.id, l]));
      const samples = await cache.samples([...byId.keys()]);
      let best: { sample: (typeof samples)[number]; score: number } | undefined;
      for (const sample of samples) {
        const score = similarity(probe.embedding, sample.embedding);
        if (!best || score > best.score) best = { sample, score };
      }
      const library = best && byId.get(best.sample.libraryId)!;
      const answer: FaceVerifyAnswer = {
        match:
          best && library
            ? {
                sampleId: best.sample.id,
                labels: best.sample.labels,
                person: personOf(best.sample.labels),
                libraryId: library.id,
                libraryName: library.name,
                score: Math.max(0, Math.round(best.score * 1000) / 1000),
              }
            : null,
        passed: !!(
          best &&
          library &&
          best.score >= library.interThreshold &&
          probe.quality >= library.qualityThreshold
        ),
        threshold: library?.interThreshold ?? null,
        quality: probe.quality,
      };
      return reply.ok(answer);
    },
  );
};

export default plugin;
