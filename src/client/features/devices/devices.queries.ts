import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommandAnswer,
  DeviceDetail,
  DeadLetterRow,
  FrameLogAnswer,
  DeviceEventRow,
  DeviceStats,
  SettingsAnswer,
  TelemetryPoint,
} from '../../../shared/devices/api';
import type { DeviceSettings } from '../../../shared/devices/settings';
import type { ListResult } from '../../../shared/resources/list';
import { request } from '../../lib/request';
import { invalidateResource } from '../resources/resources.queries';

/** Live state refreshes this often until the live bridge pushes it (docs/requirements/entities.md#device). */
const DETAIL_REFRESH_MS = 5_000;
/** The command log polls this often while a command waits for its acknowledgement. */
export const COMMAND_LOG_REFRESH_MS = 3_000;
const DAY_MS = 24 * 3600_000;

/** Series answers: the brief says `{ rows }`, the service answers the bare array; both are read. */
type Series<T> = T[] | { rows: T[] };
export const seriesRows = <T>(answer: Series<T> | null | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.rows ?? []);

// Keys start with the resource name, so invalidateResource('device') refreshes every device view.
export const deviceKeys = {
  detail: (imei: string) => ['device', 'detail', imei] as const,
  telemetry: (imei: string) => ['device', 'telemetry', imei] as const,
  events: (imei: string) => ['device', 'events', imei] as const,
  stats: () => ['device', 'stats'] as const,
  settings: (imei: string) => ['device', 'settings', imei] as const,
  deadLetters: (imei: string, page: number) => ['device', 'deadLetters', imei, page] as const,
  frames: (imei: string) => ['device', 'frames', imei] as const,
};

/** The device's raw protocol frames, newest first (administrators; FrameLog.tsx). */
export function deviceFramesQuery(imei: string) {
  return queryOptions({
    queryKey: deviceKeys.frames(imei),
    queryFn: () => request<FrameLogAnswer>('device', 'device/frames', { imei }, { background: true }),
  });
}

/** A page of the device's dead letters (administrators; DeadLetters.tsx). */
export function deviceDeadLettersQuery(imei: string, page: number, size: number) {
  return queryOptions({
    queryKey: deviceKeys.deadLetters(imei, page),
    queryFn: () =>
      request<ListResult<DeadLetterRow>>('device', 'deadLetter/list', { imei, page, size }, { background: true }),
  });
}

export function deviceDetailQuery(imei: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(imei),
    queryFn: () => request<DeviceDetail>('device', 'device/detail', { imei }, { background: true }),
    refetchInterval: DETAIL_REFRESH_MS,
  });
}

/** The last 24 hours of telemetry, oldest first. */
export function deviceTelemetryQuery(imei: string) {
  return queryOptions({
    queryKey: deviceKeys.telemetry(imei),
    queryFn: async () =>
      seriesRows(
        await request<Series<TelemetryPoint>>(
          'device',
          'device/telemetry',
          { imei, from: new Date(Date.now() - DAY_MS).toISOString(), limit: 1000 },
          { background: true },
        ),
      ),
    refetchInterval: DETAIL_REFRESH_MS * 2,
  });
}

export function deviceEventsQuery(imei: string, limit = 20) {
  return queryOptions({
    queryKey: deviceKeys.events(imei),
    queryFn: async () =>
      seriesRows(
        await request<Series<DeviceEventRow>>('device', 'device/events', { imei, limit }, { background: true }),
      ),
    refetchInterval: DETAIL_REFRESH_MS * 2,
  });
}

export function deviceStatsQuery() {
  return queryOptions({
    queryKey: deviceKeys.stats(),
    queryFn: () => request<DeviceStats>('device', 'device/stats', {}, { background: true }),
    refetchInterval: DETAIL_REFRESH_MS * 2,
  });
}

export function deviceSettingsQuery(imei: string) {
  return queryOptions({
    queryKey: deviceKeys.settings(imei),
    queryFn: () => request<SettingsAnswer>('device', 'settings/get', { imei }),
    // Pushed settings poll until the device acknowledges their version.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.version > data.ackedVersion ? COMMAND_LOG_REFRESH_MS : false;
    },
  });
}

/** A device action under kind `device`; every device view (and the command/allocation logs) refetches after it. */
export function useDeviceAction<B, R = unknown>(path: string, onDone?: (answer: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => request<R>('device', path, body, { showMessage: true }),
    onSuccess: async (answer) => {
      await Promise.all(['device', 'command', 'allocation'].map((name) => invalidateResource(queryClient, name)));
      onDone?.(answer);
    },
  });
}

interface CommandBody {
  imei: string;
  cmd: string;
  params?: Record<string, unknown>;
}

export const useSendCommand = (onDone?: (answer: CommandAnswer) => void) =>
  useDeviceAction<CommandBody, CommandAnswer>('command/send', onDone);

export const useSaveSettings = (onDone?: () => void) =>
  useDeviceAction<{ imei: string; settings: DeviceSettings }>('settings/save', onDone);
