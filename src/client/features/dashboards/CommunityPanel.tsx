import { SimpleGrid } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ACCESS_METHODS } from '../../../shared/devices/access';
import type { DashboardBody, DashboardSummary } from '../../../shared/dashboard';
import { useCodeLabel } from '../resources/display';
import { ACCESS_METHOD_TABLE } from '../../../entities/access-event/resource';
import { Figure, Panel } from './panels';

/**
 * The community dashboard's access-control figures (index3): occupancy, door calls answered and
 * missed, access events by method, cards in use, faces awaiting review, ads on screens.
 */
export function CommunityPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const c = s.community;
  if (!c) return null;
  return (
    <Panel title={t`社区与门禁`} body={body} testId="dash-community">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Figure
          id="occupancy"
          label={t`入住率`}
          value={c.occupancy === null ? null : `${Math.round(c.occupancy * 100)}%`}
        />
        <Figure id="occupiedRooms" label={t`已入住房间`} value={`${c.occupiedRooms}/${c.rooms}`} />
        <Figure id="doorCallsAnswered" label={t`期间已接呼叫`} value={c.doorCallsAnswered} color="green" />
        <Figure
          id="doorCallsMissed"
          label={t`期间未接呼叫`}
          value={c.doorCallsMissed}
          color={c.doorCallsMissed ? 'red' : undefined}
        />
        {ACCESS_METHODS.map((m) => (
          <Figure
            key={m}
            id={`access-${m}`}
            label={t`通行：${codeLabel(ACCESS_METHOD_TABLE, m)}`}
            value={c.accessByMethod[m] ?? 0}
          />
        ))}
        <Figure
          id="accessRefused"
          label={t`拒绝通行`}
          value={c.accessRefused}
          color={c.accessRefused ? 'orange' : undefined}
        />
        <Figure id="cardsIssued" label={t`在用门禁卡`} value={c.cardsIssued} />
        <Figure id="facesPending" label={t`待审核人脸`} value={c.facesPending} />
        <Figure id="adsPlaying" label={t`播放中广告`} value={c.adsPlaying} />
      </SimpleGrid>
    </Panel>
  );
}
