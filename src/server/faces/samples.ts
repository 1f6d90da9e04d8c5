import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import type { MsgKey } from '../../shared/messages';
import { faceLibraries } from '../../entities/face-library/table';
import { normaliseLabels, personOf } from '../../entities/face-sample/resource';
import { faceSamples } from '../../entities/face-sample/table';
import { uploads } from '../db/schema';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';
import { faceLibraryCache } from './library-cache';
import { analyseFace, similarity } from './process';

type Db = Pick<FastifyInstance['db'], 'select'>;

/** The demo pictures shipped in public/faces (README there): samples may name them instead of an upload. */
const DEMO_FACE_DIR = new URL('../../../public/faces/', import.meta.url);
const DEMO_PICTURE = /^\/faces\/([a-z0-9-]+\.jpg)$/;
const UPLOADED_PICTURE = /\/api\/file\/([0-9a-f-]+\.(?:jpg|png|gif|webp))$/;

interface FaceLibraryRow {
  id: number;
  name: string;
  qualityThreshold: number;
  intraThreshold: number;
  interThreshold: number;
}

async function libraryOf(db: Db, tenantId: number, id: number): Promise<FaceLibraryRow> {
  const [row] = await db
    .select({
      id: faceLibraries.id,
      name: faceLibraries.name,
      qualityThreshold: faceLibraries.qualityThreshold,
      intraThreshold: faceLibraries.intraThreshold,
      interThreshold: faceLibraries.interThreshold,
    })
    .from(faceLibraries)
    .where(and(eq(faceLibraries.id, id), eq(faceLibraries.tenantId, tenantId)));
  return row ?? fail(Code.BAD_REQUEST, 'refInvalid');
}

/**
 * The bytes of a sample's picture: an upload of the same company (`.../api/file/<name>`, as
 * face/uploadFaceImg answers) or one of the shipped demo pictures. Anything else, or a file that
 * is gone, is `faceImageRequired`: the image must be uploaded before the sample is added.
 */
async function pictureBytes(app: FastifyInstance, tenantId: number, picture: string, db: Db = app.db): Promise<Buffer> {
  const demo = DEMO_PICTURE.exec(picture);
  if (demo) return readFile(new URL(demo[1]!, DEMO_FACE_DIR)).catch(() => fail(Code.BAD_REQUEST, 'faceImageRequired'));
  const uploaded = UPLOADED_PICTURE.exec(picture);
  if (!uploaded) return fail(Code.BAD_REQUEST, 'faceImageRequired');
  const [own] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.name, uploaded[1]!), eq(uploads.tenantId, tenantId)));
  if (!own) return fail(Code.BAD_REQUEST, 'faceImageRequired');
  const object = await app.storage.get(uploaded[1]!);
  if (!object) return fail(Code.BAD_REQUEST, 'faceImageRequired');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer | Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

interface LibraryVerdict {
  /** faceSamplesDisagree when the person's own samples are less similar than the intra-class threshold. */
  warning: MsgKey | null;
  /** Highest similarity to another person's sample, and to the person's own samples' lowest. */
  closestOther: number;
  lowestOwn: number | null;
}

/**
 * A sample of `person` against the library's others: as close as the inter-class threshold to
 * another person's sample is `faceTooSimilar` (refused: the door unit could not tell them
 * apart); under the intra-class threshold to one of the person's own samples is a warning.
 */
async function compareWithLibrary(
  db: Db,
  library: FaceLibraryRow,
  person: string,
  embedding: readonly number[],
  exceptId?: number,
  app?: FastifyInstance,
): Promise<LibraryVerdict> {
  const samples = app
    ? await faceLibraryCache(app).samples([library.id], db)
    : await db
        .select({ id: faceSamples.id, labels: faceSamples.labels, embedding: faceSamples.embedding })
        .from(faceSamples)
        .where(eq(faceSamples.libraryId, library.id));
  let closestOther = -1;
  let lowestOwn: number | null = null;
  for (const other of samples) {
    if (other.id === exceptId) continue;
    const score = similarity(embedding, other.embedding);
    if (personOf(other.labels) === person) lowestOwn = lowestOwn === null ? score : Math.min(lowestOwn, score);
    else closestOther = Math.max(closestOther, score);
  }
  if (closestOther >= library.interThreshold) fail(Code.BAD_REQUEST, 'faceTooSimilar');
  return {
    warning: lowestOwn !== null && lowestOwn < library.intraThreshold ? 'faceSamplesDisagree' : null,
    closestOther,
    lowestOwn,
  };
}

/**
 * The face sample's add and update (its binding's beforeWrite): labels normalised, the picture
 * analysed (one face, big and sharp enough, quality against the library's threshold), the
 * embedding stored and compared with the library's other samples. Throws the reason it cannot
 * be saved; `values` gets labels, embedding, quality and warning.
 */
export async function prepareSample(
  app: FastifyInstance,
  tx: Tx,
  values: Record<string, unknown>,
  tenantId: number,
  id?: number,
): Promise<void> {
  const [current] = id === undefined ? [] : await tx.select().from(faceSamples).where(eq(faceSamples.id, id));
  const labels = normaliseLabels(String(values.labels ?? current?.labels ?? ''));
  if (!labels) fail(Code.BAD_REQUEST, 'required');
  values.labels = labels;
  const picture = String(values.picture ?? current?.picture ?? '');
  if (!picture) fail(Code.BAD_REQUEST, 'faceImageRequired');
  const library = await libraryOf(tx, tenantId, Number(values.libraryId ?? current?.libraryId));
  let embedding = current?.embedding;
  let quality = current?.quality;
  if (!current || picture !== current.picture || library.id !== current.libraryId) {
    const analysis = await analyseFace(await pictureBytes(app, tenantId, picture, tx), library.qualityThreshold);
    embedding = analysis.embedding;
    quality = analysis.quality;
  }
  const verdict = await compareWithLibrary(tx, library, personOf(labels), embedding!, id, app);
  Object.assign(values, { embedding, quality, warning: verdict.warning });
}
