import type { MessageDescriptor } from '@lingui/core';
import { useEffect } from 'react';
import {
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import personDef, { CHECK_IN_SOURCE_TABLE, PERSON_MARK_CHECK_IN } from '../../../entities/monitored-person/resource';
import type { LonLat } from '../../../shared/geo/fence';
import { request } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { DeviceMarkersLayer, MapView, useMapApi } from '../../map';
import { fenceDrawn, fenceToMapShape, framePoints } from '../fences/fenceShapes';
import type { ActiveFence } from '../fences/fences.queries';
import { useCodeLabel } from '../resources/display';
import { ALARM_TYPE_LABELS } from '../realtime/alarmLabels';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { checkInPerson } from './RegulatoryListScreen';
import { BatteryText, FencePlaceBadge, personCells, WearingBadge } from './supervisionCells';
import { formatDateCell } from '../../lib/dates';

export interface PersonDetail {
  person: Row;
  device: {
    id: number;
    imei: string;
    name: string | null;
    kind: string;
    state: number;
    battery: number | null;
    lat: number | null;
    lon: number | null;
    lastCommunicationAt: string | null;
  } | null;
  fence: Omit<ActiveFence, 'description'> | null;
  supervisor: { id: number; name: string | null; username: string } | null;
  alarms: { id: number; type: number; level: number; title: string; ts: string; handleState: number }[];
  checkIns: { id: number; day: string; at: string; source: number; userId: number | null }[];
}

export const personDetailQuery = (id: number) => ({
  queryKey: ['monitoredPerson', 'detail', id] as const,
  queryFn: () => request<PersonDetail>('user', 'monitoredPerson/detail', { id }),
});

/** The person's fence drawn on the map and framed with the device's position. */
function PersonFenceLayer({ fence, at }: { fence: PersonDetail['fence']; at: LonLat | null }) {
  const api = useMapApi();
  useEffect(() => {
    if (!api || !fence) return;
    const f = { ...fence, description: null };
    const shape = fenceToMapShape(f);
    if (shape) api.setShapes('person-fence', [shape]);
    const drawn = fenceDrawn(f);
    api.fitBounds([...(drawn ? framePoints(drawn) : []), ...(at ? [at] : [])], 60);
    return () => api.clear('person-fence');
  }, [api, fence, at]);
  return null;
}

const alarmLabel = (type: number): MessageDescriptor | undefined =>
  (ALARM_TYPE_LABELS as Record<number, MessageDescriptor | undefined>)[type];

const fmt = (v: string | null | undefined) => (v ? formatDateCell(v) : '-');

/** One person: photo, data, device and last position with the fence, recent alarms, check-ins. */
export function PersonDetailView({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(personDetailQuery(id));
  if (isError)
    return (
      <Center py="xl">
        <Text c="dimmed">
          <Trans>监管人员不存在或无权查看</Trans>
        </Text>
      </Center>
    );
  if (!data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const p = data.person;
  const field = (name: string) => personDef.fields.find((f) => f.name === name)!;
  const shown = (name: string) => {
    const f = field(name);
    const v = p[name];
    if (v === null || v === undefined || v === '') return '-';
    if (f.type === 'code') return codeLabel(f.codes, v);
    return String(v);
  };
  const rows: string[] = [
    'gender',
    'phone',
    'email',
    'idNumber',
    'height',
    'weight',
    'birthDate',
    'nativePlace',
    'nationality',
    'level',
    'crimeType',
    'startDate',
    'endDate',
    'emergencyName',
    'emergencyPhone',
    'emergencyAddress',
    'checkInStart',
    'checkInEnd',
  ];
  const at: LonLat | null =
    data.device?.lon != null && data.device.lat != null ? [data.device.lon, data.device.lat] : null;
  const center: LonLat | null = at ?? (data.fence ? [data.fence.longitude, data.fence.latitude] : null);
  return (
    <Stack gap="sm" data-testid="person-detail">
      <Group justify="space-between">
        <Group gap="sm">
          {p.photo ? <Image src={String(p.photo)} h={72} w={72} radius="md" fit="cover" alt="" /> : null}
          <Stack gap={2}>
            <Title order={3} data-testid="person-name">
              {String(p.name)}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{shown('level')}</Badge>
              <FencePlaceBadge row={p as Row} />
              <WearingBadge row={p as Row} />
              <BatteryText row={p as Row} />
              {p.checkedIn ? (
                <Badge color="teal" variant="light">
                  <Trans>今日已签到</Trans>
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  <Trans>今日未签到</Trans>
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {hasMark(PERSON_MARK_CHECK_IN) && !p.checkedIn && (
          <Button
            color="teal"
            data-testid="person-check-in"
            onClick={() =>
              void checkInPerson(id, { done: t`已签到`, already: t`今日已签到` }).then(() =>
                queryClient.invalidateQueries({ queryKey: ['monitoredPerson'] }),
              )
            }
          >
            <Trans>人工签到</Trans>
          </Button>
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              <Text size="sm" c="dimmed">
                {i18n._(field('supervisorId').label)}
              </Text>
              <Text size="sm">{data.supervisor?.name ?? data.supervisor?.username ?? '-'}</Text>
              {rows.map((name) => [
                <Text key={`${name}-l`} size="sm" c="dimmed">
                  {i18n._(field(name).label)}
                </Text>,
                <Text key={`${name}-v`} size="sm" data-testid={`person-${name}`}>
                  {shown(name)}
                </Text>,
              ])}
              <Text size="sm" c="dimmed">
                {i18n._(field('reason').label)}
              </Text>
              <Text size="sm">{shown('reason')}</Text>
            </SimpleGrid>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder p={0} h={360} data-testid="person-map">
            {center ? (
              <MapView initialView={{ center, zoom: 16 }} controls={false}>
                <PersonFenceLayer fence={data.fence} at={at} />
                {data.device && <DeviceMarkersLayer layer="person" only={data.device.imei} />}
              </MapView>
            ) : (
              <Center h="100%">
                <Text c="dimmed">
                  <Trans>暂无定位</Trans>
                </Text>
              </Center>
            )}
          </Card>
          <Text size="xs" c="dimmed" mt={4}>
            {data.device
              ? `${data.device.name ?? ''} ${data.device.imei} · ${t`最后通信`} ${fmt(data.device.lastCommunicationAt)}`
              : t`未绑定设备`}
            {data.fence ? ` · ${t`围栏`} ${data.fence.name}` : ''}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <Text fw={600} mb="xs">
              <Trans>最近告警</Trans>
            </Text>
            <Table striped data-testid="person-alarms">
              <Table.Tbody>
                {data.alarms.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{fmt(a.ts)}</Table.Td>
                    <Table.Td>
                      <Badge color={a.level >= 3 ? 'red' : 'orange'} variant="light">
                        {alarmLabel(a.type) ? i18n._(alarmLabel(a.type)!) : a.type}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{a.title}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.alarms.length === 0 && (
              <Text c="dimmed" size="sm">
                <Trans>暂无告警</Trans>
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Text fw={600} mb="xs">
              <Trans>签到记录</Trans>
            </Text>
            <Table striped data-testid="person-check-ins">
              <Table.Tbody>
                {data.checkIns.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.day}</Table.Td>
                    <Table.Td>{fmt(c.at)}</Table.Td>
                    <Table.Td>{codeLabel(CHECK_IN_SOURCE_TABLE, c.source)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.checkIns.length === 0 && (
              <Text c="dimmed" size="sm">
                <Trans>暂无签到</Trans>
              </Text>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /regulatoryUser: a person's detail (?id=), else the persons to pick one from. */
export function RegulatoryUserScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id =
    Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('id') ?? NaN) ||
    undefined;
  if (id) return <PersonDetailView id={id} />;
  return (
    <ResourceScreen
      def={personDef}
      {...props}
      cells={personCells((row) => (row.checkedIn ? t`已签到` : t`未签到`))}
      title={<Trans>监管人员</Trans>}
      rowActions={[
        { id: 'open', title: t`详情`, run: (row) => void navigate({ href: `/map/regulatoryUser?id=${row.id}` }) },
      ]}
    />
  );
}
