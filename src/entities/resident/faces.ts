import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faceLibraries } from '../face-library';
import { faceReviews } from '../face-review';
import { rooms } from '../room';

const UPLOADED = /(?:^|\/api\/file\/)([0-9a-f-]+\.(?:jpg|jpeg|png|gif|webp))$/i;
const DEMO = /^\/faces\/[a-z0-9-]+\.jpg$/;

/**
 * A resident's face photo as the face library names pictures: `/api/file/<name>` for an upload
 * (the upload's answer may be a bare name or a whole URL), `/faces/<name>.jpg` for a demo picture;
 * null for anything else.
 */
export function facePicture(photo: unknown): string | null {
  if (typeof photo !== 'string' || !photo.trim()) return null;
  const p = photo.trim();
  if (DEMO.test(p)) return p;
  const m = UPLOADED.exec(p);
  return m ? `/api/file/${m[1]}` : null;
}

/**
 * A resident's face goes to /faceVerification (helper FACES' review queue) in the company's first
 * face library; once passed it is a sample of that library, and the resident's rights carry its id
 * to the door units (access-right/push.ts). Nothing when the company has no library.
 */
export async function queueFaceReview(
  app: FastifyInstance,
  tenantId: number,
  resident: { name: string; roomId: number; facePhoto: unknown },
): Promise<number | null> {
  const picture = facePicture(resident.facePhoto);
  if (!picture) return null;
  const [library] = await app.db
    .select({ id: faceLibraries.id })
    .from(faceLibraries)
    .where(eq(faceLibraries.tenantId, tenantId))
    .orderBy(asc(faceLibraries.id))
    .limit(1);
  if (!library) return null;
  const [room] = await app.db
    .select({ name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.id, resident.roomId), eq(rooms.tenantId, tenantId)));
  const [row] = await app.db
    .insert(faceReviews)
    .values({ tenantId, libraryId: library.id, residentName: resident.name, room: room?.name ?? null, picture })
    .returning({ id: faceReviews.id });
  return row!.id;
}
