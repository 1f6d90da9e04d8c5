import type { Clock } from '../lib/clock';
import { hmacSha256, safeEqual } from '../lib/crypto';
import type { VoiceProvider, VoiceToken } from './provider';

/**
 * The provider without a media cloud (development, tests, a private deployment with its own
 * media server): `L1.<expiry s>.<HMAC(key, channel:uid:expiry)>`. Any replica holding the same key
 * (a database setting) verifies what another issued.
 */
export class LocalVoiceProvider implements VoiceProvider {
  readonly name = 'local';
  readonly appId = 'local';

  constructor(
    private readonly key: string,
    private readonly clock: Clock,
    private readonly ttlS: number,
  ) {}

  buildToken(channel: string, uid: string): VoiceToken {
    const expiresAt = this.clock.now() + this.ttlS * 1000;
    const exp = Math.floor(expiresAt / 1000);
    return { token: `L1.${exp}.${this.sign(channel, uid, exp)}`, expiresAt: exp * 1000 };
  }

  verify(token: string, channel: string, uid: string): boolean {
    const m = /^L1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return false;
    const exp = Number(m[1]);
    if (exp * 1000 <= this.clock.now()) return false;
    return safeEqual(Buffer.from(m[2]!), Buffer.from(this.sign(channel, uid, exp)));
  }

  private sign(channel: string, uid: string, exp: number): string {
    return hmacSha256(this.key, `${channel}:${uid}:${exp}`).toString('base64url');
  }
}
