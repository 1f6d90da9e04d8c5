import { DEVICE_STATE } from '../codes';

/** docs/requirements/constants.md#display: 10 or below red, 20 or below orange, above that green. */
export function batteryColor(battery: number | null | undefined): 'red' | 'orange' | 'green' | 'gray' {
  if (battery === null || battery === undefined) return 'gray';
  if (battery <= 10) return 'red';
  if (battery <= 20) return 'orange';
  return 'green';
}

/**
 * docs/requirements/states-and-codes.md#device-readings: signal bars 0-4, shown as none (null) unless the device is
 * online.
 */
export function signalBars(state: number | null | undefined, signal: number | null | undefined): number | null {
  if (state !== DEVICE_STATE.online || signal === null || signal === undefined) return null;
  return Math.max(0, Math.min(4, Math.round(signal)));
}

/**
 * docs/requirements/states-and-codes.md#device-state: 0 offline, 1 online, 2 not activated, anything else abnormal.
 */
export function stateKey(state: number | null | undefined): 'offline' | 'online' | 'inactive' | 'abnormal' {
  if (state === DEVICE_STATE.offline) return 'offline';
  if (state === DEVICE_STATE.online) return 'online';
  if (state === DEVICE_STATE.inactive) return 'inactive';
  return 'abnormal';
}

/**
 * The image address inside a device's `sku` JSON string (docs/requirements/entities.md#payload-field-names: imgSrc).
 */
export function skuImage(sku: string | null | undefined): string | undefined {
  if (!sku) return undefined;
  try {
    const parsed = JSON.parse(sku) as { imgSrc?: unknown };
    return typeof parsed.imgSrc === 'string' ? parsed.imgSrc : undefined;
  } catch {
    return undefined;
  }
}
