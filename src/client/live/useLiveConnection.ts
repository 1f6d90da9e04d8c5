import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AlarmRecord } from '../../shared/alarms/push';
import { request } from '../lib/request';
import { useSession } from '../lib/session';
import { createLiveBridge } from './bridge';
import { setLiveBridge } from './liveStore';
import { fetchRealtimeConfig, type RealtimeConfig } from './realtimeConfig';
import type { MqttConnect, MqttLike } from './types';

/**
 * Resolves when the page is first idle, at most `limitMs` later: at a cold start the open screen
 * draws first and mqtt.js (about 330 KB to compile and run) loads after it, not in its way. Alarms
 * raised meanwhile are not lost: the bridge asks for those since its last one when it connects.
 */
export function afterFirstIdle(limitMs = 1_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: limitMs });
    else setTimeout(resolve, 0);
  });
}

// mqtt.js is loaded after login only, so the login page does not pay for it. Its browser build
// (dist/mqtt.esm.js) has only a default export, while Node resolves the named ones: take either.
const lazyConnect: MqttConnect = async (url, options) => {
  await afterFirstIdle();
  const mod = await import('mqtt');
  const connect = mod.default?.connect ?? mod.connect;
  return connect(url, options) as unknown as MqttLike;
};

const onOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
};

/**
 * Runs the live bridge while a session exists: one connection per user and token, closed on
 * logout or when another user logs in. Answers the realtime config (for the voice socket).
 */
export function useLiveConnection(): Promise<RealtimeConfig> | null {
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const userId = user?.id;
  const config = useMemo(() => (token && userId !== undefined ? fetchRealtimeConfig(token) : null), [token, userId]);

  useEffect(() => {
    if (!token || userId === undefined || !config) return;
    const bridge = createLiveBridge({
      userId,
      token,
      queryClient,
      connect: lazyConnect,
      resolveUrl: async () => (await config).mqttUrl,
      fetchSince: (after) =>
        request<AlarmRecord[]>('device', 'alarm/since', { after }, { background: true, quiet: true }),
      onOnline,
    });
    setLiveBridge(bridge);
    return () => {
      setLiveBridge(null);
      bridge.close();
    };
  }, [token, userId, config, queryClient]);

  return config;
}
