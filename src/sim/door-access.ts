/**
 * A simulated door unit's access control (docs/device-protocol.md#door-access): it keeps the
 * credential list the service pushes (`accessRights`, the whole list under a version), opens for
 * a card, QR code or face in it that is valid now, and refuses the rest: unknown, revoked (it was
 * in an earlier list and has been dropped), expired, not valid yet, outside its time window. Armed
 * for card issuing (`armCard`), the next card it reads is reported (`card`, 5084) instead.
 */
import {
  judge,
  type AccessMethod,
  type AccessRightsParams,
  type AccessReason,
  type Credential,
  type CredentialType,
} from '../shared/devices/access';
import { verifyFace } from './face';
import type { UplinkInput } from './messages';

/** Minutes east of UTC of the unit's clock: the demo sites are in China (UTC+8). */
const UNIT_UTC_OFFSET_MIN = 480;

/** What a unit publishes after a presentation: an access event, or the card it was armed to read. */
export type Presented = Extract<UplinkInput, { kind: 'access' }> | Extract<UplinkInput, { kind: 'card' }>;

/**
 * A face image in, the best match out: helper FACES' verification endpoint for door units
 * (src/server/faces/). Wire one in with DoorAccess.verifyFace; without it a face presentation
 * matches the sample id it is given (the simulator's stand-in for a camera).
 */
type FaceVerifier = (image: Uint8Array) => Promise<{ sampleId: string | null; score: number }>;

const key = (t: CredentialType, v: string) => `${t}:${v}`;

export class DoorAccess {
  /** The version of the list held; 0 before the first. */
  version = 0;
  private held = new Map<string, Credential>();
  /** Credentials that were in an earlier list and are not any more. */
  private dropped = new Set<string>();
  private armedUntil = 0;
  verifyFace?: FaceVerifier;

  constructor(private readonly offsetMin = UNIT_UTC_OFFSET_MIN) {}

  get size(): number {
    return this.held.size;
  }

  /** Replaces the list (an older version than the one held is refused); the ack's text. */
  apply(p: AccessRightsParams): { ok: boolean; msg: string } {
    if (p.version < this.version) return { ok: false, msg: `stale list v${p.version} (holding v${this.version})` };
    const next = new Map(p.credentials.map((c) => [key(c.t, c.v), c]));
    for (const k of this.held.keys()) if (!next.has(k)) this.dropped.add(k);
    for (const r of p.revoked ?? []) this.dropped.add(key(r.t, r.v));
    for (const k of next.keys()) this.dropped.delete(k);
    this.held = next;
    this.version = p.version;
    return { ok: true, msg: `rights v${p.version}: ${next.size} credential(s)` };
  }

  arm(seconds: number, now: number): void {
    this.armedUntil = now + seconds * 1000;
  }

  get armed(): boolean {
    return this.armedUntil > 0;
  }

  /** The unit's decision for one credential now. */
  decide(t: CredentialType, v: string, now: number): { reason: AccessReason; rightId?: number } {
    const c = this.held.get(key(t, v));
    if (!c) return { reason: this.dropped.has(key(t, v)) ? 'revoked' : 'unknown' };
    return { reason: judge(c, now, this.offsetMin), rightId: c.r };
  }

  /** A card held to the reader, or a QR code to the camera: the uplink to publish. */
  present(method: 'card' | 'qr', value: string, now: number): Presented {
    if (method === 'card' && this.armedUntil > now) {
      this.armedUntil = 0;
      return { kind: 'card', cardInfo: value };
    }
    if (this.armedUntil && this.armedUntil <= now) this.armedUntil = 0;
    return this.event(method, method, value, now);
  }

  /** A face: matched by the verifier when there is one, else taken as the sample id given. */
  async presentFace(sampleOrImage: string | Uint8Array, now: number): Promise<Presented> {
    if (typeof sampleOrImage !== 'string') {
      if (!this.verifyFace) return { kind: 'access', method: 'face', granted: false, reason: 'noMatch' };
      const match = await this.verifyFace(sampleOrImage);
      if (!match.sampleId)
        return { kind: 'access', method: 'face', granted: false, reason: 'noMatch', score: match.score };
      return { ...this.event('face', 'face', match.sampleId, now), score: match.score } as Presented;
    }
    return this.event('face', 'face', sampleOrImage, now);
  }

  /** An opening from a console (its 5082): `call` when it answers the unit's ring, else `remote`; always opens. */
  remote(userId: string | number, method: 'remote' | 'call' = 'remote'): Presented {
    return { kind: 'access', method, credential: String(userId), granted: true, reason: 'ok' };
  }

  /** Some credential of the list, for the demo fleet's passers-by. */
  sample(t: CredentialType, pick: number): string | undefined {
    const of = [...this.held.values()].filter((c) => c.t === t);
    return of.length ? of[Math.floor(pick * of.length) % of.length]!.v : undefined;
  }

  private event(method: AccessMethod, t: CredentialType, value: string, now: number): Presented {
    const { reason, rightId } = this.decide(t, value, now);
    return {
      kind: 'access',
      method,
      credential: value,
      granted: reason === 'ok',
      reason,
      ...(rightId ? { rightId } : {}),
    };
  }
}

/**
 * The service's face verification for door units (helper FACES' endpoint through ./face.ts
 * verifyFace). A match that does not pass its library's threshold counts as none. The face
 * credential of a unit's list is the sample id, so a match opens when that sample's right is in it.
 */
export function httpFaceVerifier(httpBase: string, imei: string, secret: string): FaceVerifier {
  return async (image) => {
    const answer = await verifyFace(httpBase, imei, secret, image);
    const match = answer.data?.match;
    return { sampleId: match && answer.data!.passed ? String(match.sampleId) : null, score: match?.score ?? 0 };
  };
}
