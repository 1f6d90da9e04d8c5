import { FACE_DEFAULTS } from '../../entities/face-library/resource';
import { faceLibraries } from '../../entities/face-library/table';
import { faceReviews } from '../../entities/face-review/table';
import { faceSamples } from '../../entities/face-sample/table';
import type { Tx } from '../db/driver';
import { DEMO_REVIEWS, DEMO_SAMPLES, demoEmbeddings } from './demo';

/**
 * The demo site's faces: a library with the shipped demo pictures as samples (their embeddings
 * pre-computed in demo-faces.json: seeding loads no model) and two residents' faces awaiting
 * review on /faceVerification, one that passes processing and one with no face in it.
 */
export async function seedFaces(tx: Tx, tenantId: number): Promise<void> {
  const [library] = await tx
    .insert(faceLibraries)
    .values({
      tenantId,
      name: '演示人脸库',
      ...FACE_DEFAULTS,
      info: '1栋住户与访客（演示图片见 public/faces/README.md）',
    })
    .returning({ id: faceLibraries.id });
  const embeddings = new Map((await demoEmbeddings()).map((e) => [e.file, e]));
  await tx.insert(faceSamples).values(
    DEMO_SAMPLES.map((s) => {
      const e = embeddings.get(s.file)!;
      return {
        tenantId,
        libraryId: library!.id,
        labels: s.labels,
        picture: `/faces/${s.file}`,
        embedding: e.embedding,
        quality: e.quality,
      };
    }),
  );
  await tx.insert(faceReviews).values(
    DEMO_REVIEWS.map((r) => ({
      tenantId,
      libraryId: library!.id,
      residentName: r.residentName,
      room: r.room,
      picture: `/faces/${r.file}`,
    })),
  );
}
