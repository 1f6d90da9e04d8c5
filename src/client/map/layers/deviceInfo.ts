import { formatDateCell } from '../../lib/dates';

/** A time as the service or a device may send it: ISO text, or epoch seconds (< 13 digits) / ms. */
function toMs(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const n = Number(value);
    return String(value).length < 13 ? n * 1000 : n;
  }
  const ms = Date.parse(String(value));
  return Number.isNaN(ms) ? null : ms;
}

/**
 * docs/requirements/realtime-map-and-tracks.md#device-info: lastConnectTime is the later of connectedAt and offlineAt;
 * the service may already answer it (it does), and any of the three may be missing. Formatted YYYY-MM-DD HH:mm:ss.
 */
export function lastConnectTime(info: {
  lastConnectTime?: unknown;
  connectedAt?: unknown;
  offlineAt?: unknown;
}): string {
  const times = [info.lastConnectTime, info.connectedAt, info.offlineAt]
    .map(toMs)
    .filter((t): t is number => t !== null);
  return times.length ? formatDateCell(Math.max(...times)) : '';
}

/**
 * The product picture: `imgSrc` as answered, else the `sku` JSON string's imgSrc
 * (docs/requirements/realtime-map-and-tracks.md#device-info).
 */
export function skuImage(info: { imgSrc?: unknown; sku?: unknown }): string | undefined {
  if (typeof info.imgSrc === 'string' && info.imgSrc) return info.imgSrc;
  if (typeof info.sku !== 'string') return undefined;
  try {
    const src = (JSON.parse(info.sku) as { imgSrc?: unknown }).imgSrc;
    return typeof src === 'string' && src ? src : undefined;
  } catch {
    return undefined;
  }
}
