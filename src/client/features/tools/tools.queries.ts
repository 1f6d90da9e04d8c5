import { queryOptions } from '@tanstack/react-query';
import type { AudioUploadAnswer } from '../../../shared/devices/audio-push';
import type { BatchCommandResult, CommandAck } from '../../../shared/devices/api';
import type { MetricUnits, ThingModel, ThingModelAnswer } from '../../../shared/devices/thing-model';
import { DELIVERY } from '../../../shared/codes';
import { fetchBlob } from '../../lib/download';
import { request, RequestError } from '../../lib/request';

/** How often the batch results ask for acknowledgements while some are still awaited. */
const ACK_REFRESH_MS = 1500;

export const thingModelQuery = (productId: number) =>
  queryOptions({
    queryKey: ['thingModel', productId] as const,
    queryFn: () => request<ThingModelAnswer>('device', 'thingModel/get', { productId }),
  });

export const saveThingModel = (productId: number, model: ThingModel) =>
  request<unknown>('device', 'thingModel/save', { productId, model }, { showMessage: true });

/** Units and ranges per metric from the thing models of the scope's products (the metric screens show them). */
export const modelUnitsQuery = () =>
  queryOptions({
    queryKey: ['thingModel', 'units'] as const,
    queryFn: () => request<MetricUnits>('device', 'thingModel/units', {}, { background: true, quiet: true }),
    staleTime: 5 * 60_000,
  });

export const sendMany = (imeis: string[], cmd: string, params: Record<string, unknown>) =>
  request<{ results: BatchCommandResult[] }>('device', 'command/sendMany', { imeis, cmd, params });

/** Acks of the batch's commands; polls while one is neither acknowledged nor failed. */
export const commandAcksQuery = (ids: number[]) =>
  queryOptions({
    queryKey: ['commandAcks', ids] as const,
    queryFn: async () =>
      (await request<{ rows: CommandAck[] }>('device', 'command/acks', { ids }, { background: true })).rows,
    enabled: ids.length > 0,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((r) => !r.ackAt && r.status !== DELIVERY.failed) ? ACK_REFRESH_MS : false,
  });

export async function uploadAudio(file: File): Promise<AudioUploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  return request<AudioUploadAnswer>('device', 'audioPush/upload', form);
}

type AudioPushBody =
  { source: 'file'; imeis: string[]; file: string; title: string } | { source: 'tts'; imeis: string[]; text: string };

export const sendAudioPush = (body: AudioPushBody) =>
  request<{ results: BatchCommandResult[] }>('device', 'audioPush/send', body);

/** A WAV preview of the text as an object URL, or the server's message key when it cannot synthesise. */
export async function ttsPreview(text: string, lang: string): Promise<{ url?: string; key?: string }> {
  try {
    const { blob } = await fetchBlob('device', 'audioPush/preview', {
      body: { text, lang },
      type: 'audio/',
      failText: '',
    });
    return { url: URL.createObjectURL(blob) };
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return { key: error.key ?? 'internal' };
  }
}

/** The served file of a stored upload (GET /api/file/<name>, no session needed). */
/** A stored upload's URL; a name starting with `/` is one of the demo's static files (public/). */
export const fileUrl = (name: string) => (name.startsWith('/') ? name : `/api/file/${encodeURIComponent(name)}`);
