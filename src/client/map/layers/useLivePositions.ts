import { useEffect, useRef } from 'react';
import { positionsPushSchema, type Position } from '../../../shared/geo/positions';
import { tenantPositionsTopic } from '../../../shared/topics';
import { useLiveBridge } from '../../live/liveStore';
import { useSession } from '../../lib/session';

/**
 * Live positions of the user's tenant (code 9020) through the one live bridge; the topic is
 * reference-counted there, so several layers may listen at once. Malformed pushes are dropped.
 */
export function useLivePositions(handler: (positions: Position[]) => void): void {
  const bridge = useLiveBridge();
  const tenantId = useSession().user?.tenantId;
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });

  useEffect(() => {
    if (!bridge || tenantId === undefined) return;
    const topic = tenantPositionsTopic(tenantId);
    const stop = bridge.onTopic(topic, (raw) => {
      const parsed = positionsPushSchema.safeParse(raw);
      if (parsed.success) ref.current(parsed.data.positions);
    });
    bridge.subscribe(topic);
    return () => {
      stop();
      bridge.unsubscribe(topic);
    };
  }, [bridge, tenantId]);
}
