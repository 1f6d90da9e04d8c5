import { positionsPushSchema, type Position } from '../../../shared/geo/positions';
import { tenantPositionsTopic } from '../../../shared/topics';
import { useTenantPush } from '../../live/useTenantPush';

/** Live positions of the user's tenant (code 9020) through the one live bridge. */
export function useLivePositions(handler: (positions: Position[]) => void): void {
  useTenantPush(tenantPositionsTopic, positionsPushSchema, (push) => handler(push.positions));
}
