import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { withDefaults, type DeviceSettings } from '../../../shared/devices/settings';
import { useFormErrors } from '../../lib/useFormErrors';
import { deviceSettingsQuery, useSaveSettings } from './devices.queries';
import { SettingsContacts } from './SettingsContacts';
import { SettingsLimits } from './SettingsLimits';
import { fromNumber, settingsErrors, toNumber } from './settingsForm';

type NumberKey = 'alarmDuration' | 'restartTime' | 'positionInterval' | 'gasMeasureTime';

/**
 * The device settings form (docs/requirements/entities.md#device-settings), validated with the shared schema before it
 * is pushed.
 */
export function SettingsForm({ imei, kind }: { imei: string; kind: string }) {
  const { t } = useLingui();
  const answer = useQuery(deviceSettingsQuery(imei));
  const [draft, setDraft] = useState<DeviceSettings | null>(null);
  const errors = useFormErrors<string>();
  const save = useSaveSettings(() => setDraft(null));
  const values = draft ?? (answer.data ? withDefaults(answer.data.settings) : null);
  if (!values) return null;

  const change = (patch: Partial<DeviceSettings>) => setDraft({ ...values, ...patch });
  const submit = () => {
    if (!errors.show(settingsErrors(values))) save.mutate({ imei, settings: values });
  };
  const numberField = (key: NumberKey, label: string, unit: string) => (
    <NumberInput
      label={label}
      allowDecimal={false}
      value={fromNumber(values[key])}
      onChange={(v) => change({ [key]: toNumber(v) })}
      error={errors.text(key)}
      rightSection={<Text size="xs">{unit}</Text>}
      rightSectionWidth={40}
      data-testid={`setting-${key}`}
    />
  );
  const version = answer.data?.version ?? 0;
  const acked = answer.data?.ackedVersion ?? 0;

  return (
    <Card withBorder data-testid="settings-form">
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>
            <Trans>设备设置</Trans>
          </Text>
          {version > 0 && (
            <Badge color={acked >= version ? 'green' : 'orange'} variant="light" data-testid="settings-version">
              {acked >= version
                ? t`已下发，设备已确认（版本 ${version}）`
                : t`已下发，等待设备确认（版本 ${version}，已确认 ${acked}）`}
            </Badge>
          )}
        </Group>
        <SettingsLimits
          limits={values.limits}
          errors={errors.errors}
          onChange={(metric, next) => change({ limits: { ...values.limits, [metric]: next } })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {numberField('alarmDuration', t`报警持续时间`, t`秒`)}
          {numberField('restartTime', t`定时重启间隔`, t`分钟`)}
          {numberField('positionInterval', t`定位间隔`, t`分钟`)}
          {numberField('gasMeasureTime', t`气体测量时间`, t`秒`)}
        </SimpleGrid>
        <TextInput
          label={t`欢迎语`}
          value={values.welcome}
          onChange={(e) => change({ welcome: e.currentTarget.value })}
          error={errors.text('welcome')}
          data-testid="setting-welcome"
        />
        <SettingsContacts
          contacts={values.contacts}
          errors={errors.errors}
          onChange={(contacts) => change({ contacts })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            label={t`白名单`}
            description={t`输入号码后按回车`}
            value={values.whiteList}
            onChange={(whiteList) => change({ whiteList })}
            error={errors.text('whiteList')}
            data-testid="setting-whiteList"
          />
          <TagsInput
            label={t`黑名单`}
            description={t`输入号码后按回车`}
            value={values.blackList}
            onChange={(blackList) => change({ blackList })}
            error={errors.text('blackList')}
            data-testid="setting-blackList"
          />
        </SimpleGrid>
        {kind === 'watch' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput
              label={t`SOS 号码`}
              description={t`按 SOS 键时依次拨打，最多 3 个`}
              maxTags={3}
              value={values.sosNumbers}
              onChange={(sosNumbers) => change({ sosNumbers })}
              error={errors.text('sosNumbers')}
              data-testid="setting-sosNumbers"
            />
            <TagsInput
              label={t`免打扰时段`}
              description={t`如 08:00-12:00，最多 4 段`}
              maxTags={4}
              value={values.doNotDisturb}
              onChange={(doNotDisturb) => change({ doNotDisturb })}
              error={errors.text('doNotDisturb')}
              data-testid="setting-doNotDisturb"
            />
          </SimpleGrid>
        )}
        {errors.hasErrors && (
          <Alert color="red" variant="light" data-testid="settings-invalid">
            <Trans>请修正标红的设置后再保存</Trans>
          </Alert>
        )}
        <Group justify="flex-end">
          {draft && (
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                errors.reset();
              }}
            >
              <Trans>重置</Trans>
            </Button>
          )}
          <Button loading={save.isPending} onClick={submit} data-testid="settings-save">
            <Trans>保存并下发</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
