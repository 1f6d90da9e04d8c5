import { REALTIME } from '../../shared/alarms/push';

/**
 * Delay before reconnect attempt `attempt` (0-based): 1 s doubling up to 128 s
 * (docs/requirements/realtime-broker.md#client-library).
 */
export function reconnectDelay(attempt: number): number {
  const exp = Math.min(Math.max(attempt, 0), 30);
  return Math.min(REALTIME.reconnectMinMs * 2 ** exp, REALTIME.reconnectMaxMs);
}
