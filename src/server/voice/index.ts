import type { Config } from '../config';
import type { Db } from '../db/driver';
import type { Clock } from '../lib/clock';
import { newToken } from '../lib/crypto';
import { settingOrCreate } from '../repos/settings';
import { AgoraVoiceProvider } from './agora';
import { LocalVoiceProvider } from './local';
import type { VoiceProvider } from './provider';

export type { VoiceProvider } from './provider';
export { callChannel, consoleUid, deviceUid } from './provider';

/** Agora when configured, else the local provider with a key every replica reads from the database. */
export async function createVoiceProvider(
  config: Pick<Config, 'agora' | 'voiceTokenTtlS'>,
  db: Db,
  clock: Clock,
): Promise<VoiceProvider> {
  if (config.agora) return new AgoraVoiceProvider(config.agora, clock, config.voiceTokenTtlS);
  return new LocalVoiceProvider(await settingOrCreate(db, 'voice.localKey', newToken), clock, config.voiceTokenTtlS);
}
