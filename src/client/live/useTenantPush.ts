import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { useSession } from '../lib/session';
import { useLiveBridge } from './liveStore';

/**
 * The pushes of one of the user's tenant topics (`topicOf(tenantId)`) through the one live bridge,
 * validated by `schema`; malformed ones are dropped. The topic is reference-counted in the bridge,
 * so several screens may listen at once.
 */
export function useTenantPush<S extends z.ZodType>(
  topicOf: (tenantId: number) => string,
  schema: S,
  handler: (push: z.output<S>) => void,
): void {
  const bridge = useLiveBridge();
  const tenantId = useSession().user?.tenantId;
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });

  useEffect(() => {
    if (!bridge || tenantId === undefined) return;
    const topic = topicOf(tenantId);
    const stop = bridge.onTopic(topic, (raw) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) ref.current(parsed.data);
    });
    bridge.subscribe(topic);
    return () => {
      stop();
      bridge.unsubscribe(topic);
    };
  }, [bridge, tenantId, topicOf, schema]);
}
