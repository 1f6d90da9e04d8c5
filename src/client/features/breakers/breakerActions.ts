/**
 * The four breaker screens' actions (/cutoff, /closegate, /lockdie, /lockundie) as commands of
 * the device protocol, and why a breaker cannot take one now. Kept apart from the screen so the
 * route table and the tests use it without the screen's chunk.
 */
import { DEVICE_STATE } from '../../../shared/codes';
import type { SendCommandBody } from '../../../shared/devices/protocol';

export type BreakerAction = 'open' | 'close' | 'lock' | 'unlock';

/** Route name of each action's screen (src/shared/routes.ts). */
export const BREAKER_ROUTES: Record<string, BreakerAction> = {
  cutoff: 'open',
  closegate: 'close',
  lockdie: 'lock',
  lockundie: 'unlock',
};

type Command = Omit<SendCommandBody, 'imei'>;

/** Open and close are the switch command in single mode (this breaker only, no linkage). */
export function commandOf(action: BreakerAction): Command {
  switch (action) {
    case 'open':
      return { cmd: 'switch', params: { mode: 'singleOff' } };
    case 'close':
      return { cmd: 'switch', params: { mode: 'singleOn' } };
    case 'lock':
      return { cmd: 'lock', params: {} };
    case 'unlock':
      return { cmd: 'unlock', params: {} };
  }
}

/** The service message key of the refusal, as the service would answer it (commands.ts). */
type Refusal = 'deviceOffline' | 'gatewayOffline' | 'deviceLocked';

/** What a breaker row needs: its state, its gateway's state and its reported lock. */
interface BreakerRow {
  state?: unknown;
  gatewayState?: unknown;
  locked?: unknown;
}

/** Why this breaker cannot take the action now, or undefined when it can. */
export function refusalOf(row: BreakerRow, action: BreakerAction): Refusal | undefined {
  if (row.state !== DEVICE_STATE.online) return 'deviceOffline';
  if (row.gatewayState !== null && row.gatewayState !== undefined && row.gatewayState !== DEVICE_STATE.online)
    return 'gatewayOffline';
  if ((action === 'open' || action === 'close') && Number(row.locked) === 1) return 'deviceLocked';
  return undefined;
}
