import { createRequire } from 'node:module';
import type { Clock } from '../lib/clock';
import type { VoiceProvider, VoiceToken } from './provider';

interface AgoraTokenModule {
  RtcRole: { PUBLISHER: number };
  RtcTokenBuilder: {
    buildTokenWithUid(
      appId: string,
      cert: string,
      channel: string,
      uid: number,
      role: number,
      tokenExpire: number,
      privilegeExpire: number,
    ): string;
  };
}

// agora-token is CommonJS whose exports the ESM loader cannot list: require it.
const agora = createRequire(import.meta.url)('agora-token') as AgoraTokenModule;

/**
 * Agora RTC (AGORA_APP_ID + AGORA_APP_CERTIFICATE): AccessToken2 tokens from Agora's own
 * `agora-token` package, publisher role (both ends talk), valid for VOICE_TOKEN_TTL_S.
 */
export class AgoraVoiceProvider implements VoiceProvider {
  readonly name = 'agora';
  readonly appId: string;

  constructor(
    private readonly creds: { appId: string; appCertificate: string },
    private readonly clock: Clock,
    private readonly ttlS: number,
  ) {
    this.appId = creds.appId;
  }

  buildToken(channel: string, uid: string): VoiceToken {
    const token = agora.RtcTokenBuilder.buildTokenWithUid(
      this.creds.appId,
      this.creds.appCertificate,
      channel,
      Number(uid),
      agora.RtcRole.PUBLISHER,
      this.ttlS,
      this.ttlS,
    );
    return { token, expiresAt: this.clock.now() + this.ttlS * 1000 };
  }
}
