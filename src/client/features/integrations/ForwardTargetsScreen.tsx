import { useMutation } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import forwardTargetDef from '../../../entities/forward-target/resource';
import { request, toast } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

interface TestResult {
  ok: boolean;
  retry: boolean;
  durationMs: number;
  excerpt?: string;
  routingKey?: string;
  topic?: string;
}

/**
 * /forwardTargets: the tenants' forwarding to their brokers (docs/integrations.md "Forwarding to a
 * broker"), for platform super administrators: the generic list, and a test per row that publishes
 * a 'test' event and says whether the broker confirmed it.
 */
export function ForwardTargetsScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const test = useMutation({
    mutationFn: (row: Row) => request<TestResult>('integration', 'forwardTarget/test', { id: row.id }),
    onSuccess: (r) =>
      r.ok
        ? toast('success', t`代理已确认测试消息（${r.durationMs} ms）：${r.routingKey ?? r.topic ?? ''}`)
        : toast('error', t`测试消息未被确认：${r.excerpt ?? ''}`),
  });
  return (
    <ResourceScreen
      def={forwardTargetDef}
      {...props}
      rowActions={[{ id: 'test', title: t`测试连接`, color: 'teal', run: (row) => test.mutate(row) }]}
    />
  );
}
