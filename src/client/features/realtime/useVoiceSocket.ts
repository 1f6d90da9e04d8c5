import { useEffect } from 'react';
import type { RealtimeConfig } from '../../live/realtimeConfig';
import { realTimers } from '../../live/types';
import { speak, startVoiceSocket, type SocketLike } from './voiceSocket';

/** Keeps the voice-broadcast socket open while the session's realtime config is known. */
export function useVoiceSocket(config: Promise<RealtimeConfig> | null, token: string | null): void {
  useEffect(() => {
    if (!config || !token || typeof WebSocket === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void config.then(({ voiceUrl }) => {
      if (cancelled) return;
      stop = startVoiceSocket({
        url: voiceUrl,
        token,
        open: (url) => new WebSocket(url) as unknown as SocketLike,
        speak: (text) => speak(text),
        ...realTimers,
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [config, token]);
}
