/**
 * Face verification for the simulated door units (docs/device-protocol.md "Faces"): a picture
 * goes to the service with the unit's own MQTT credentials, the best matching sample and whether
 * it passes come back. Door units call `verifyFace` when a face "shows up"; `npm run sim -- face
 * <imei> <image>` calls it once from the command line.
 */
import type { FaceVerifyAnswer } from '../shared/devices/faces';

interface FaceVerifyResult {
  /** The service's answer code: 0 answered (match or not), 400 the picture was refused (`key` says why), 208 bad credentials. */
  code: number;
  key?: string;
  data?: FaceVerifyAnswer;
}

/** Sends one picture (JPEG/PNG/WebP bytes) to `POST /api/device/faceDistribution/verify`. */
export async function verifyFace(
  httpBase: string,
  imei: string,
  secret: string,
  picture: Uint8Array,
  libraryId?: number,
): Promise<FaceVerifyResult> {
  const query = libraryId ? `?libraryId=${libraryId}` : '';
  const res = await fetch(`${httpBase}/api/device/faceDistribution/verify${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      authorization: `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}`,
    },
    body: new Uint8Array(picture),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: number; key?: string; data?: FaceVerifyAnswer };
  return { code: body.code ?? res.status, key: body.key, data: body.code === 0 ? body.data : undefined };
}
