import { Alert, Center, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AlarmTimelineEntry } from '../../../shared/alarms/api';
import { alarmTimelineQuery } from './alarms.queries';
import { formatDateCell } from '../../lib/dates';

const KIND_COLOR: Record<AlarmTimelineEntry['kind'], string> = {
  raised: 'red',
  notified: 'orange',
  acknowledged: 'blue',
  handled: 'green',
};

/**
 * The alarm detail's timeline (docs/alarms.md#acknowledgement-and-escalation): when it was raised,
 * each escalation step (channel, whom, outcome), who acknowledged and who handled it, and while
 * the escalation runs, when its next step is due.
 */
export function AlarmTimelineView({ id }: { id: number }) {
  const { t } = useLingui();
  const timeline = useQuery(alarmTimelineQuery(id));
  const kindText: Record<AlarmTimelineEntry['kind'], string> = {
    raised: t`报警产生`,
    notified: t`升级通知`,
    acknowledged: t`已接手`,
    handled: t`已处理`,
  };
  const channelText: Record<string, string> = {
    console: t`控制台`,
    sms: t`短信`,
    voice: t`语音电话`,
    email: t`邮件`,
    push: t`手机推送`,
    none: t`无`,
  };
  const viaText: Record<NonNullable<AlarmTimelineEntry['via']>, string> = {
    push: t`通过手机推送`,
    link: t`通过回复链接`,
  };
  const outcomeText: Record<string, string> = {
    sent: t`已发送`,
    failed: t`失败`,
    waiting: t`等待中`,
    nobody: t`无人可通知`,
  };
  const detail = (e: AlarmTimelineEntry): string => {
    if (e.kind === 'notified') {
      const n = (e.step ?? 0) + 1;
      const step = e.step === undefined ? '' : t`第 ${n} 步`;
      const channel = e.channel ? (channelText[e.channel] ?? e.channel) : '';
      const outcome = e.outcome ? (outcomeText[e.outcome] ?? e.outcome) : '';
      return [step, channel, e.target, outcome, e.error].filter(Boolean).join(' · ');
    }
    return [e.by, e.via ? viaText[e.via] : ''].filter(Boolean).join(' · ');
  };

  if (timeline.isPending)
    return (
      <Center py="sm">
        <Loader size="sm" />
      </Center>
    );
  if (!timeline.data) return null;
  const { entries, escalation, nextDueAt, policyName } = timeline.data;
  const next = formatDateCell(nextDueAt);
  return (
    <Stack gap="xs" data-testid="alarm-timeline">
      <Text size="xs" c="dimmed">
        <Trans>处理经过</Trans>
        {policyName ? ` · ${policyName}` : ''}
      </Text>
      {escalation === 'running' && (
        <Alert color="orange" variant="light" p="xs" data-testid="alarm-escalation-running">
          {nextDueAt ? <Trans>升级进行中，下一步于 {next}</Trans> : <Trans>升级进行中</Trans>}
        </Alert>
      )}
      <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2}>
        {entries.map((e, i) => (
          <Timeline.Item
            key={`${e.kind}-${e.at}-${i}`}
            color={KIND_COLOR[e.kind]}
            title={kindText[e.kind]}
            data-testid="alarm-timeline-entry"
            data-kind={e.kind}
            data-outcome={e.outcome}
          >
            <Text size="xs" c="dimmed">
              {formatDateCell(e.at)}
            </Text>
            {detail(e) && <Text size="sm">{detail(e)}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
