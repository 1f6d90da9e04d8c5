import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import residentDef, { BOUND_STATES } from '../../../entities/resident/resource';
import deviceResource from '../../../entities/device/resource';
import { request } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { useLiveEvent } from '../../live/liveStore';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { armStatusQuery, refreshAccess } from './access.api';
import { CardList } from './RightsScreen';

/**
 * /cardAdd: issue an IC card at a door unit. The console arms the unit for a bound resident
 * (`armCard`); the unit reports the next card it reads (5084), the service binds it to the
 * resident with a right on the door units of their unit, and this screen shows it as it happens.
 * The cards below are revocable.
 */
export function CardAddScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [imei, setImei] = useState<string | null>(null);
  const [residentId, setResidentId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const [seconds, setSeconds] = useState<number>(120);
  const [armId, setArmId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [cards, setCards] = useState<ResourceSearch>(props.search);
  const doors = useQuery(
    resourceListQuery(deviceResource, {
      page: 1,
      size: 200,
      sort: [{ field: 'imei', order: 'asc' }],
      filters: { kind: 'doorUnit' },
    }),
  );
  const residents = useQuery(
    resourceListQuery(residentDef, {
      page: 1,
      size: 100,
      sort: [{ field: 'id', order: 'desc' }],
      ...(debounced ? { keyword: debounced } : {}),
    }),
  );
  const status = useQuery(armStatusQuery(armId));
  // The unit's 5084 arrives before the next poll: look at once.
  useLiveEvent('card', () => {
    if (armId !== null) void queryClient.invalidateQueries({ queryKey: ['accessCard', 'arm', armId] });
  });
  const issuedCard = status.data?.state === 'issued' ? status.data.cardId : null;
  useEffect(() => {
    if (issuedCard) void refreshAccess(queryClient);
  }, [issuedCard, queryClient]);

  const bound = ((residents.data?.rows ?? []) as Row[]).filter((r) => BOUND_STATES.includes(Number(r.reviewState)));
  const arm = async () => {
    if (!imei || !residentId) return;
    setBusy(true);
    try {
      const answer = await request<{ armId: number }>('user', 'accessCard/arm', {
        imei,
        residentId: Number(residentId),
        seconds,
      });
      setArmId(answer.armId);
    } catch {
      // Shown by the request helper (offline, not bound ...).
    } finally {
      setBusy(false);
    }
  };
  const s = status.data;
  return (
    <Stack gap="md" p="sm">
      <Title order={4}>
        <Trans>发卡</Trans>
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Group grow align="flex-end">
            <Select
              label={t`门口机`}
              searchable
              value={imei}
              onChange={setImei}
              data={((doors.data?.rows ?? []) as Row[]).map((d) => ({
                value: String(d.imei),
                label: `${String(d.name ?? '')} ${String(d.imei)}`.trim(),
              }))}
              data-testid="cardadd-door"
            />
            <Select
              label={t`住户（已绑定）`}
              searchable
              onSearchChange={setKeyword}
              value={residentId}
              onChange={setResidentId}
              data={bound.map((r) => ({ value: String(r.id), label: `${String(r.name)} ${String(r.phone)}` }))}
              data-testid="cardadd-resident"
            />
            <NumberInput
              label={t`等待刷卡（秒）`}
              min={10}
              max={600}
              value={seconds}
              onChange={(v) => setSeconds(Number(v) || 120)}
              w={140}
            />
          </Group>
          <Group>
            <Button
              onClick={() => void arm()}
              loading={busy}
              disabled={!imei || !residentId || !hasMark('accessCard:issue')}
              data-testid="cardadd-arm"
            >
              <Trans>开始发卡</Trans>
            </Button>
            {s && (
              <Badge
                color={s.state === 'issued' ? 'green' : s.state === 'expired' ? 'gray' : 'blue'}
                size="lg"
                variant="light"
                data-testid="cardadd-state"
                data-state={s.state}
              >
                {s.state === 'issued' ? t`已发卡` : s.state === 'expired' ? t`已超时` : t`等待刷卡`}
              </Badge>
            )}
          </Group>
          {s?.state === 'waiting' && (
            <Alert color="blue" data-testid="cardadd-waiting" data-ready={s.ackOk ? 'yes' : 'no'}>
              {s.ackOk ? t`门口机已就绪：请在门口机上刷卡` : t`正在通知门口机…`}
            </Alert>
          )}
          {s?.state === 'issued' && (
            <Alert color="green" data-testid="cardadd-issued">
              <Text>
                <Trans>卡号</Trans> <b data-testid="cardadd-cardno">{s.cardNo}</b>{' '}
                <Trans>已绑定到住户，权限已下发到门口机。</Trans>
              </Text>
            </Alert>
          )}
          {s?.state === 'expired' && <Alert color="gray">{t`未在时间内刷卡，请重新开始发卡。`}</Alert>}
        </Stack>
      </Card>
      <CardList search={cards} onSearchChange={setCards} />
    </Stack>
  );
}
