import { useState } from 'react';
import { Button, Card, Grid, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BatchCommandResult } from '../../../shared/devices/api';
import {
  DEVICE_KINDS,
  KIND_INFO,
  kindSupports,
  SWITCH_MODES,
  type CommandName,
  type SwitchMode,
} from '../../../shared/devices/kinds';
import { commandParams } from '../../../shared/devices/protocol';
import { hasMark, useSession } from '../../lib/session';
import { IntervalInput, intervalValid } from '../devices/IntervalInput';
import { commandLabel, switchLabel } from '../devices/labels';
import { BatchResults } from './BatchResults';
import { DevicePicker, type PickedDevice } from './DevicePicker';
import { sendMany } from './tools.queries';
import { ConfirmHost, confirmDanger } from '../../components/ConfirmDanger';

/** Kinds that obey at least one command. */
const CONTROLLABLE = DEVICE_KINDS.filter((k) => KIND_INFO[k].commands.length > 0);

/**
 * /controlBar, the device control panel: pick devices of the company, then send switch, valve,
 * volume, report interval, restart or locate to all of them at once. Every command asks for
 * confirmation; each device answers on its own (offline ones with "device offline") and its
 * acknowledgement appears as it arrives.
 */
export function ControlBarScreen() {
  const { t, i18n } = useLingui();
  useSession();
  const [picked, setPicked] = useState<PickedDevice[]>([]);
  const [mode, setMode] = useState<SwitchMode>('singleOn');
  const [seconds, setSeconds] = useState<number | string>(60);
  const [level, setLevel] = useState<number | string>(60);
  const [results, setResults] = useState<BatchCommandResult[]>([]);
  const allowed = hasMark('device:command');
  const send = useMutation({
    mutationFn: ({ cmd, params }: { cmd: CommandName; params: Record<string, unknown> }) =>
      sendMany(
        picked.filter((p) => kindSupports(p.kind, cmd)).map((p) => p.imei),
        cmd,
        params,
      ),
    onSuccess: (answer) => setResults(answer.results),
  });

  const targets = (cmd: CommandName) => picked.filter((p) => kindSupports(p.kind, cmd)).length;
  const run = async (cmd: CommandName, params: Record<string, unknown>, what: string) => {
    const n = targets(cmd);
    const ok = await confirmDanger({ message: t`确定要向 ${n} 台设备发送「${what}」吗？`, confirmLabel: t`发送` });
    if (ok) send.mutate({ cmd, params });
  };
  const disabled = (cmd: CommandName) => !allowed || send.isPending || targets(cmd) === 0;
  const intervalOk = intervalValid(seconds);
  const volumeOk = commandParams.volume.safeParse({ level }).success;

  return (
    <Stack p="md" gap="md" data-testid="control-bar">
      <ConfirmHost />
      <Title order={3}>
        <Trans>设备控制</Trans>
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder>
            <DevicePicker kinds={CONTROLLABLE} picked={picked} onChange={setPicked} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              {picked.length === 0 && (
                <Text c="dimmed" size="sm" data-testid="pick-first">
                  <Trans>请先在左侧选择设备</Trans>
                </Text>
              )}
              <Group gap="xs" align="flex-end">
                <Select
                  size="xs"
                  w={160}
                  label={commandLabel(i18n, 'switch')}
                  data={SWITCH_MODES.map((m) => ({ value: m, label: switchLabel(i18n, m) }))}
                  value={mode}
                  onChange={(v) => v && setMode(v as SwitchMode)}
                  allowDeselect={false}
                />
                <Button
                  size="xs"
                  disabled={disabled('switch')}
                  onClick={() => void run('switch', { mode }, switchLabel(i18n, mode))}
                  data-testid="cb-switch"
                >
                  <Trans>下发</Trans>
                </Button>
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  color="teal"
                  disabled={disabled('valve')}
                  onClick={() => void run('valve', { action: 'open' }, t`开阀`)}
                  data-testid="cb-valve-open"
                >
                  <Trans>开阀</Trans>
                </Button>
                <Button
                  size="xs"
                  color="red"
                  disabled={disabled('valve')}
                  onClick={() => void run('valve', { action: 'close' }, t`关阀`)}
                  data-testid="cb-valve-close"
                >
                  <Trans>关阀</Trans>
                </Button>
              </Group>
              <Group gap="xs" align="flex-end">
                <NumberInput
                  size="xs"
                  w={160}
                  label={t`音量（0-100）`}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  value={level}
                  onChange={setLevel}
                  error={volumeOk ? undefined : t`请输入0到100之间的整数`}
                  data-testid="cb-volume-level"
                />
                <Button
                  size="xs"
                  disabled={disabled('volume') || !volumeOk}
                  onClick={() =>
                    void run('volume', { level: Number(level) }, `${commandLabel(i18n, 'volume')} ${level}`)
                  }
                  data-testid="cb-volume"
                >
                  {commandLabel(i18n, 'volume')}
                </Button>
              </Group>
              <Group gap="xs" align="flex-end">
                <IntervalInput w={160} value={seconds} onChange={setSeconds} data-testid="cb-interval-seconds" />
                <Button
                  size="xs"
                  disabled={disabled('setInterval') || !intervalOk}
                  onClick={() =>
                    void run(
                      'setInterval',
                      { seconds: Number(seconds) },
                      `${commandLabel(i18n, 'setInterval')} ${seconds}`,
                    )
                  }
                  data-testid="cb-interval"
                >
                  {commandLabel(i18n, 'setInterval')}
                </Button>
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  disabled={disabled('locate')}
                  onClick={() => void run('locate', {}, commandLabel(i18n, 'locate'))}
                  data-testid="cb-locate"
                >
                  {commandLabel(i18n, 'locate')}
                </Button>
                <Button
                  size="xs"
                  color="orange"
                  disabled={disabled('restart')}
                  onClick={() => void run('restart', {}, commandLabel(i18n, 'restart'))}
                  data-testid="cb-restart"
                >
                  {commandLabel(i18n, 'restart')}
                </Button>
              </Group>
              {!allowed && (
                <Text size="sm" c="dimmed">
                  <Trans>没有下发指令的权限</Trans>
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {results.length > 0 && <BatchResults results={results} />}
    </Stack>
  );
}
