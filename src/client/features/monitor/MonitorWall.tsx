import { useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Group,
  NavLink,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceMobile, IconSearch, IconVideo } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import cameraDef from '../../../entities/camera/resource';
import { MAX_MONITORS } from '../../../shared/cameras';
import { DEVICE_STATE } from '../../../shared/codes';
import { VIDEO_CALL_KINDS } from '../../../shared/devices/kinds';
import deviceResource from '../../../entities/device/resource';
import { toast } from '../../lib/request';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import { resourceListQuery } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { CameraTile } from './CameraTile';
import { useCameraCheck } from './useCameraCheck';
import {
  addToWall,
  columnsOf,
  LAYOUTS,
  layoutFor,
  loadWall,
  saveWall,
  type Layout,
  type TileSource,
  type WallEntry,
} from './wall';

/** The tenant's enabled cameras, for the picker (a wall shows six; a site has tens, not thousands). */
const camerasQuery = resourceListQuery(cameraDef, {
  page: 1,
  size: 200,
  sort: [{ field: 'name', order: 'asc' }],
  filters: { enabled: true },
});
/** Online devices with a camera (door units, watches, helmets): asked to publish when put on the wall. */
const devicesQuery = resourceListQuery(deviceResource, {
  page: 1,
  size: 200,
  sort: [{ field: 'imei', order: 'asc' }],
  filters: { kind: [...VIDEO_CALL_KINDS], state: DEVICE_STATE.online },
});

const STATE_COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'red' };

export interface MonitorWallProps extends RouteScreenProps {
  route: string;
  defaultLayout: Layout;
  /** A dashboard panel: the wall alone, without the camera management tab. */
  compact?: boolean;
}

/**
 * The monitoring wall (docs/requirements/realtime-video.md#video-monitors): cameras picked from the
 * list play live in a 1, 4 or 6 tile grid, at most six at once; a camera already on the wall is
 * refused with the request to choose another (docs/requirements/validation.md#video-monitors). The
 * cameras themselves are managed in the second tab (the generic list: add by URL, check, filters,
 * export).
 */
export function MonitorWall({ route, defaultLayout, compact, ...props }: MonitorWallProps) {
  const { t } = useLingui();
  const [state, setState] = useState(() => loadWall(route) ?? { wall: [], layout: defaultLayout });
  const [keyword, setKeyword] = useState('');
  const cameras = useQuery(camerasQuery);
  const devices = useQuery(devicesQuery);
  useEffect(() => saveWall(route, state), [route, state]);
  const byId = useMemo(() => new Map((cameras.data?.rows ?? []).map((c) => [c.id, c])), [cameras.data]);
  const deviceName = useMemo(
    () => new Map((devices.data?.rows ?? []).map((d) => [String(d.imei), String(d.name || d.imei)])),
    [devices.data],
  );
  const matches = (text: string) => !keyword || text.toLowerCase().includes(keyword.toLowerCase());
  const shown = (cameras.data?.rows ?? []).filter((c) => matches(`${String(c.name)} ${String(c.location ?? '')}`));
  const shownDevices = (devices.data?.rows ?? []).filter((d) => matches(`${String(d.name ?? '')} ${String(d.imei)}`));
  const sourceOf = (entry: WallEntry): TileSource | undefined => {
    if (typeof entry === 'string') return { kind: 'device', imei: entry, name: deviceName.get(entry) ?? entry };
    const camera = byId.get(entry);
    return camera
      ? {
          kind: 'camera',
          id: entry,
          name: String(camera.name),
          lastError: camera.lastError ? String(camera.lastError) : null,
        }
      : undefined;
  };

  const add = (entry: WallEntry) => {
    const result = addToWall(state.wall, entry, state.layout);
    if ('error' in result) {
      toast(
        'tip',
        result.error === 'duplicate' ? t`该设备已开启监控，请选择其他设备` : t`最多同时打开 ${MAX_MONITORS} 路监控`,
      );
      return;
    }
    setState(result);
  };
  const remove = (id: WallEntry) => setState((s) => ({ ...s, wall: s.wall.filter((w) => w !== id) }));
  const setLayout = (value: string) =>
    setState((s) => ({ ...s, layout: layoutFor(s.wall.length, Number(value) as Layout) }));

  const wall = (
    <Group align="stretch" gap="sm" wrap="nowrap" h={compact ? 420 : 'calc(100dvh - 180px)'} mih={360}>
      <Stack w={compact ? 180 : 240} gap="xs" style={{ flexShrink: 0 }}>
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t`搜索摄像头`}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
        <ScrollArea style={{ flex: 1 }} data-testid="monitor-cameras">
          {shown.map((c) => (
            <NavLink
              key={c.id}
              label={String(c.name)}
              description={c.location ? String(c.location) : undefined}
              leftSection={<IconVideo size={16} />}
              rightSection={<Badge size="xs" variant="dot" color={STATE_COLOR[Number(c.state)] ?? 'gray'} />}
              active={state.wall.includes(c.id)}
              onClick={() => add(c.id)}
              data-testid={`monitor-camera-${c.id}`}
            />
          ))}
          {shownDevices.length ? (
            <Text size="xs" c="dimmed" px="sm" pt="sm" data-testid="monitor-devices">
              <Trans>设备</Trans>
            </Text>
          ) : null}
          {shownDevices.map((d) => (
            <NavLink
              key={String(d.imei)}
              label={String(d.name || d.imei)}
              description={String(d.imei)}
              leftSection={<IconDeviceMobile size={16} />}
              active={state.wall.includes(String(d.imei))}
              onClick={() => add(String(d.imei))}
              data-testid={`monitor-device-${String(d.imei)}`}
            />
          ))}
          {cameras.isSuccess && !shown.length ? (
            <Text size="sm" c="dimmed" p="sm">
              <Trans>没有可用的摄像头</Trans>
            </Text>
          ) : null}
        </ScrollArea>
      </Stack>
      <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="monitor-count">
            <Trans>
              监控 {state.wall.length} / {MAX_MONITORS}
            </Trans>
          </Text>
          <SegmentedControl
            size="xs"
            value={String(state.layout)}
            onChange={setLayout}
            data={LAYOUTS.map((l) => ({ value: String(l), label: t`${l} 画面` }))}
            data-testid="monitor-layout"
          />
        </Group>
        <SimpleGrid
          cols={columnsOf(state.layout)}
          spacing="xs"
          style={{ flex: 1 }}
          data-testid="monitor-grid"
          data-layout={state.layout}
        >
          {state.wall.map((entry) => {
            const source = sourceOf(entry);
            return source ? <CameraTile key={entry} source={source} onClose={() => remove(entry)} /> : null;
          })}
          {Array.from({ length: Math.max(0, state.layout - state.wall.length) }, (_, i) => (
            <Box
              key={`empty-${i}`}
              bg="var(--mantine-color-default-hover)"
              mih={160}
              style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
            >
              <Text size="xs" c="dimmed">
                <Trans>从左侧选择摄像头</Trans>
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Stack>
    </Group>
  );
  if (compact) return wall;
  return <WallTabs wall={wall} {...props} />;
}

function WallTabs({ wall, ...props }: RouteScreenProps & { wall: React.ReactNode }) {
  const { t } = useLingui();
  const check = useCameraCheck();
  const rowActions: RowAction[] = [{ id: 'check', title: t`检测`, color: 'blue', run: (row) => void check(row) }];
  return (
    <Tabs defaultValue="wall" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="wall">
          <Trans>监控墙</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="cameras" data-testid="monitor-manage">
          <Trans>摄像头管理</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="wall">{wall}</Tabs.Panel>
      <Tabs.Panel value="cameras">
        <ResourceScreen def={cameraDef} {...props} rowActions={rowActions} title={<Trans>摄像头</Trans>} />
      </Tabs.Panel>
    </Tabs>
  );
}
