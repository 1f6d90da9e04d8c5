import { useEffect, useState, useSyncExternalStore } from 'react';
import { LOCAL_APP_ID } from '../media/types';
import { ConferenceClient, type ConfSnapshot } from './client';
import { ConferenceMedia, type ConfMediaSnapshot } from './media';

interface Conference {
  client: ConferenceClient;
  media: ConferenceMedia;
}

/**
 * One conference per mounted panel while logged in: logged in to the service's conference
 * (`${origin}/api/conf`, appKey `local`: the service's own SFU), stopped when the panel goes.
 */
export function useConference(userId: number | null, token: string | null): Conference | null {
  const [conf, setConf] = useState<Conference | null>(null);
  useEffect(() => {
    if (!userId || !token) return;
    const client = new ConferenceClient({
      service: `${window.location.origin}/api/conf`,
      userId,
      token,
      appKey: LOCAL_APP_ID,
    });
    const media = new ConferenceMedia(client);
    setConf({ client, media });
    void client.start();
    const stop = () => void client.stop();
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      media.close();
      void client.stop();
      setConf(null);
    };
  }, [userId, token]);
  return conf;
}

const noop = () => () => undefined;
const IDLE: ConfSnapshot = { status: 'idle', room: null, members: [], selfUid: null, error: null, volumes: {} };
const OFF: ConfMediaSnapshot = { on: false, preview: null, remote: [], warning: null, muted: false, cameraOff: false };

export function useConfSnapshot(conf: Conference | null): ConfSnapshot {
  return useSyncExternalStore(conf?.client.subscribe ?? noop, conf?.client.getSnapshot ?? (() => IDLE));
}

export function useMediaSnapshot(conf: Conference | null): ConfMediaSnapshot {
  return useSyncExternalStore(conf?.media.subscribe ?? noop, conf?.media.getSnapshot ?? (() => OFF));
}

/** hh:mm:ss of the recording timer. */
export function hhmmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');
}
