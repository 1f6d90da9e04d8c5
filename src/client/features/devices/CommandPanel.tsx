import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE } from '../../../shared/codes';
import type { DeviceDetail } from '../../../shared/devices/api';
import { SWITCH_MODES, type SwitchMode } from '../../../shared/devices/kinds';
import { commandParams } from '../../../shared/devices/protocol';
import { hasMark, useSession } from '../../lib/session';
import { useSendCommand } from './devices.queries';
import { IntervalInput, intervalValid } from './IntervalInput';
import { commandLabel, switchLabel } from './labels';
import { confirmDanger } from '../../components/ConfirmDanger';

type Detail = Pick<DeviceDetail, 'imei' | 'state' | 'commands'> & Partial<Pick<DeviceDetail, 'protocol'>>;

/** Buttons for the commands this kind obeys (docs/requirements/entities.md#device-commands). */
export function CommandPanel({ detail }: { detail: Detail }) {
  const { t, i18n } = useLingui();
  useSession();
  const send = useSendCommand();
  const [seconds, setSeconds] = useState<number | string>(60);
  const [mp3, setMp3] = useState('');
  const [mp3Error, setMp3Error] = useState(false);
  const [speech, setSpeech] = useState('');
  const [raw, setRaw] = useState('');
  const offline = detail.state !== DEVICE_STATE.online;
  const allowed = hasMark('device:command');
  // A raw command in the device's own protocol: administrators, to a device connected over one (docs/protocols.md "Commands").
  const rawAllowed = allowed && hasMark('device:rawCommand') && !!detail.protocol && detail.protocol !== 'osmand';
  const rawOk = commandParams.custom.safeParse({ text: raw }).success;
  const has = (cmd: string) => detail.commands.includes(cmd);
  const run = (cmd: string, params: Record<string, unknown> = {}) => send.mutate({ imei: detail.imei, cmd, params });
  const confirmed = (message: string, label: string, cmd: string, params?: Record<string, unknown>) =>
    void confirmDanger({ message, confirmLabel: label }).then((ok) => ok && run(cmd, params));
  const disabled = offline || !allowed || send.isPending;
  const intervalOk = intervalValid(seconds);

  const broadcast = () => {
    const address = mp3.trim();
    // A blank address plays the device's default audio.
    if (!commandParams.broadcast.safeParse({ mp3: address }).success) return setMp3Error(true);
    // Text is spoken by the device's own synthesiser; a watch or JT/T 808 terminal shows it.
    const words = speech.trim();
    run('broadcast', { ...(address ? { mp3: address } : {}), ...(words ? { text: words } : {}) });
  };

  return (
    <Card withBorder data-testid="command-panel">
      <Stack gap="sm">
        <Text fw={600}>
          <Trans>设备指令</Trans>
        </Text>
        {detail.commands.length === 0 && !rawAllowed ? (
          <Text c="dimmed" size="sm" data-testid="no-command">
            <Trans>无可用指令</Trans>
          </Text>
        ) : (
          <>
            {offline && (
              <Alert color="gray" variant="light" data-testid="device-offline">
                <Trans>设备离线</Trans>
              </Alert>
            )}
            <Group gap="xs">
              {has('locate') && (
                <Button size="xs" disabled={disabled} onClick={() => run('locate')} data-testid="cmd-locate">
                  {commandLabel(i18n, 'locate')}
                </Button>
              )}
              {has('restart') && (
                <Button
                  size="xs"
                  color="orange"
                  disabled={disabled}
                  onClick={() => confirmed(t`确定要重启该设备吗？`, t`重启`, 'restart')}
                  data-testid="cmd-restart"
                >
                  {commandLabel(i18n, 'restart')}
                </Button>
              )}
            </Group>
            {has('setInterval') && (
              <Group gap="xs" align="flex-end">
                <IntervalInput value={seconds} onChange={setSeconds} data-testid="cmd-interval-seconds" />
                <Button
                  size="xs"
                  disabled={disabled || !intervalOk}
                  onClick={() => run('setInterval', { seconds: Number(seconds) })}
                  data-testid="cmd-setInterval"
                >
                  {commandLabel(i18n, 'setInterval')}
                </Button>
              </Group>
            )}
            {has('switch') && (
              <Group gap="xs" data-testid="cmd-switch">
                {SWITCH_MODES.map((mode: SwitchMode) => (
                  <Button
                    key={mode}
                    size="xs"
                    variant="light"
                    disabled={disabled}
                    onClick={() => run('switch', { mode })}
                  >
                    {switchLabel(i18n, mode)}
                  </Button>
                ))}
              </Group>
            )}
            {has('valve') && (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="teal"
                  disabled={disabled}
                  onClick={() => run('valve', { action: 'open' })}
                  data-testid="cmd-valve-open"
                >
                  <Trans>开阀</Trans>
                </Button>
                <Button
                  size="xs"
                  color="red"
                  disabled={disabled}
                  onClick={() => confirmed(t`确定要关闭阀门吗？`, t`关阀`, 'valve', { action: 'close' })}
                  data-testid="cmd-valve-close"
                >
                  <Trans>关阀</Trans>
                </Button>
              </Group>
            )}
            {has('broadcast') && (
              <Group gap="xs" align="flex-start">
                <TextInput
                  size="xs"
                  w={320}
                  label={t`音频地址（MP3）`}
                  placeholder={t`留空播放默认音频`}
                  value={mp3}
                  error={mp3Error ? t`请输入有效的音频地址` : undefined}
                  onChange={(e) => {
                    setMp3(e.currentTarget.value);
                    setMp3Error(false);
                  }}
                  data-testid="cmd-broadcast-mp3"
                />
                <TextInput
                  size="xs"
                  w={240}
                  label={t`播报文本`}
                  maxLength={500}
                  value={speech}
                  onChange={(e) => setSpeech(e.currentTarget.value)}
                  data-testid="cmd-broadcast-text"
                />
                <Button size="xs" mt={22} disabled={disabled} onClick={broadcast} data-testid="cmd-broadcast">
                  {commandLabel(i18n, 'broadcast')}
                </Button>
              </Group>
            )}
            {has('relay') && (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="red"
                  disabled={disabled}
                  onClick={() =>
                    confirmed(t`确定要断开继电器吗？接在继电器上的电路将被切断。`, t`断开`, 'relay', { on: true })
                  }
                  data-testid="cmd-relay-cut"
                >
                  <Trans>断开继电器</Trans>
                </Button>
                <Button
                  size="xs"
                  color="teal"
                  disabled={disabled}
                  onClick={() => run('relay', { on: false })}
                  data-testid="cmd-relay-restore"
                >
                  <Trans>恢复继电器</Trans>
                </Button>
              </Group>
            )}
            {rawAllowed && (
              <Group gap="xs" align="flex-start">
                <TextInput
                  size="xs"
                  w={320}
                  label={commandLabel(i18n, 'custom')}
                  description={t`按设备协议原样发送，例如 GT06 的 WHERE#`}
                  value={raw}
                  error={raw && !rawOk ? t`只能包含可打印的 ASCII 字符，最多 200 个` : undefined}
                  onChange={(e) => setRaw(e.currentTarget.value)}
                  data-testid="cmd-custom-text"
                />
                <Button
                  size="xs"
                  mt={38}
                  variant="light"
                  disabled={disabled || !rawOk}
                  onClick={() => confirmed(t`确定要发送这条原始指令吗？`, t`发送`, 'custom', { text: raw })}
                  data-testid="cmd-custom"
                >
                  <Trans>发送</Trans>
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
