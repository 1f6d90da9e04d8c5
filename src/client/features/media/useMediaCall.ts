import { useEffect, useState, useSyncExternalStore } from 'react';
import { joinCall } from './index';
import { INITIAL_SNAPSHOT, type JoinParams, type MediaCall, type MediaSnapshot, type MediaStats } from './types';

const idle = () => INITIAL_SNAPSHOT;
const noop = () => () => undefined;

/**
 * Joins the channel while the component is mounted and leaves when it unmounts or the join
 * parameters change (a new call).
 */
export function useMediaCall(params: JoinParams): { call: MediaCall | null; snapshot: MediaSnapshot } {
  const [call, setCall] = useState<MediaCall | null>(null);
  const { appId, channel, token, uid, video, receiveOnly } = params;
  useEffect(() => {
    const joined = joinCall({ appId, channel, token, uid, video, receiveOnly });
    setCall(joined);
    return () => {
      void joined.leave();
    };
  }, [appId, channel, token, uid, video, receiveOnly]);
  const snapshot = useSyncExternalStore(call?.subscribe ?? noop, call?.getSnapshot ?? idle, call?.getSnapshot ?? idle);
  return { call, snapshot };
}

/** The call's receive figures, read every second while connected. */
export function useMediaStats(call: MediaCall | null, connected: boolean): MediaStats | null {
  const [stats, setStats] = useState<MediaStats | null>(null);
  useEffect(() => {
    if (!call || !connected) return;
    let live = true;
    const read = () =>
      void call.stats().then(
        (s) => live && setStats(s),
        () => undefined,
      );
    read();
    const timer = setInterval(read, 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [call, connected]);
  return stats;
}

/** Whole seconds since `running` first became true; 0 before. */
export function useCallSeconds(running: boolean): number {
  const [since, setSince] = useState<number | null>(null);
  const [, tick] = useState(0);
  if (running && since === null) setSince(Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.floor((Date.now() - since) / 1000);
}
