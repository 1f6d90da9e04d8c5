import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import escalationStepDef from '../../../entities/escalation-step/resource';
import { ESCALATION_TARGET_TABLE, channelsFor } from '../../../shared/alarms/escalation';
import { formSchema } from '../../../shared/resources/schema';
import { fieldErrors } from '../../lib/formErrors';
import { request } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { useCodeLabel, type RefOption } from '../resources/display';
import { invalidateResource, type Row } from '../resources/resources.queries';
import { CHANNEL_FIELD, problemField } from './chain';

type Values = {
  delaySeconds: number | null;
  target: string;
  userId: number | null;
  roleId: number | null;
  address: string;
  nearestCount: number | null;
  nearestMeters: number | null;
  viaConsole: boolean;
  viaPush: boolean;
  viaSms: boolean;
  viaVoice: boolean;
  viaEmail: boolean;
};

const label = (name: string) => escalationStepDef.fields.find((f) => f.name === name)!.label;

function valuesOf(step: Partial<Row> | undefined, delay: number): Values {
  return {
    delaySeconds: typeof step?.delaySeconds === 'number' ? step.delaySeconds : delay,
    target: typeof step?.target === 'string' ? step.target : 'repeat',
    userId: typeof step?.userId === 'number' ? step.userId : null,
    roleId: typeof step?.roleId === 'number' ? step.roleId : null,
    address: typeof step?.address === 'string' ? step.address : '',
    nearestCount: typeof step?.nearestCount === 'number' ? step.nearestCount : null,
    nearestMeters: typeof step?.nearestMeters === 'number' ? step.nearestMeters : null,
    viaConsole: step ? step.viaConsole === true : true,
    viaPush: step?.viaPush === true,
    viaSms: step?.viaSms === true,
    viaVoice: step?.viaVoice === true,
    viaEmail: step?.viaEmail === true,
  };
}

/**
 * One step edited in place (a new one when `step` is absent): the delay, the target with the
 * field it needs (a user, a role, a number or address), the channels that target can be reached on.
 * The service checks it (stepProblem, src/shared/alarms/escalation.ts); its answer shows on the
 * field it is about.
 */
export function StepEditor({
  policyId,
  step,
  nextDelay = 0,
  users,
  roles,
  onDone,
}: {
  policyId: number;
  step?: Row;
  nextDelay?: number;
  users: RefOption[];
  roles: RefOption[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const mode = step ? 'update' : 'add';
  const [values, setValues] = useState<Values>(() => valuesOf(step, nextDelay));
  const errors = useFormErrors<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const reachable = channelsFor(values.target, values.address.trim());

  const set = (patch: Partial<Values>, ...cleared: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    errors.clear(...Object.keys(patch), ...cleared);
    setFormError(null);
  };

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      request(escalationStepDef.kind, `${escalationStepDef.name}/${mode}`, body, { showMessage: true, quiet: true }),
    onSuccess: async () => {
      await invalidateResource(queryClient, escalationStepDef.name);
      onDone();
    },
    onError: (error) => {
      const message = errors.fromError(error, (key) => problemField(key, values.target));
      if (message !== null) setFormError(message);
    },
  });

  const submit = () => {
    setFormError(null);
    // Only what the target uses is stored: its own field, and the channels it can be reached on.
    const body: Record<string, unknown> = {
      ...(step ? { id: step.id } : {}),
      policyId,
      delaySeconds: values.delaySeconds,
      target: values.target,
      userId: values.target === 'user' ? values.userId : null,
      roleId: values.target === 'role' ? values.roleId : null,
      address: values.target === 'address' ? values.address.trim() : null,
      nearestCount: values.target === 'nearest' ? values.nearestCount : null,
      nearestMeters: values.target === 'nearest' ? values.nearestMeters : null,
      ...Object.fromEntries(
        Object.entries(CHANNEL_FIELD).map(([c, f]) => [f, values[f] && reachable.includes(c as never)]),
      ),
    };
    if (!errors.show(fieldErrors<string>(formSchema(escalationStepDef, mode), body))) save.mutate(body);
  };

  const err = errors.text;
  return (
    <Paper withBorder p="sm" data-testid="escalation-step-editor">
      <Stack gap="xs">
        <Group grow align="flex-start">
          <NumberInput
            label={i18n._(label('delaySeconds'))}
            withAsterisk
            min={0}
            max={86_400}
            allowDecimal={false}
            value={values.delaySeconds ?? ''}
            onChange={(v) => set({ delaySeconds: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
            error={err('delaySeconds')}
            data-field="delaySeconds"
            data-testid="escalation-step-delay"
          />
          <Select
            label={i18n._(label('target'))}
            withAsterisk
            data={ESCALATION_TARGET_TABLE.map((c) => ({
              value: c.value,
              label: codeLabel(ESCALATION_TARGET_TABLE, c.value),
            }))}
            value={values.target}
            allowDeselect={false}
            onChange={(v) => v && set({ target: v }, 'userId', 'roleId', 'address', 'channels')}
            error={err('target')}
            data-field="target"
            data-testid="escalation-step-target"
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        {(['userId', 'roleId'] as const).map(
          (name) =>
            values.target === (name === 'userId' ? 'user' : 'role') && (
              <Select
                key={name}
                label={i18n._(label(name))}
                withAsterisk
                searchable
                data={name === 'userId' ? users : roles}
                value={values[name] === null ? null : String(values[name])}
                onChange={(v) => set({ [name]: v === null ? null : Number(v) })}
                error={err(name)}
                data-field={name}
                data-testid={name === 'userId' ? 'escalation-step-user' : 'escalation-step-role'}
                comboboxProps={{ withinPortal: false }}
              />
            ),
        )}
        {values.target === 'nearest' && (
          <Group grow align="flex-start">
            {(['nearestCount', 'nearestMeters'] as const).map((name) => (
              <NumberInput
                key={name}
                label={i18n._(label(name))}
                min={name === 'nearestCount' ? 1 : 50}
                max={name === 'nearestCount' ? 20 : 100_000}
                allowDecimal={false}
                placeholder={name === 'nearestCount' ? '3' : '2000'}
                value={values[name] ?? ''}
                onChange={(v) => set({ [name]: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
                error={err(name)}
                data-field={name}
                data-testid={`escalation-step-${name}`}
              />
            ))}
          </Group>
        )}
        {values.target === 'address' && (
          <TextInput
            label={i18n._(label('address'))}
            withAsterisk
            type="tel"
            placeholder="13900000001"
            value={values.address}
            onChange={(e) => set({ address: e.currentTarget.value }, 'channels')}
            error={err('address')}
            data-field="address"
            data-testid="escalation-step-address"
          />
        )}
        <Checkbox.Group
          label={t`通知渠道`}
          withAsterisk
          value={reachable.filter((c) => values[CHANNEL_FIELD[c]])}
          onChange={(chosen) =>
            set(
              Object.fromEntries(reachable.map((c) => [CHANNEL_FIELD[c], chosen.includes(c)])) as Partial<Values>,
              'channels',
            )
          }
          error={err('channels')}
          data-field="channels"
        >
          <Group gap="md" mt={4}>
            {reachable.map((c) => (
              <Checkbox key={c} value={c} label={i18n._(label(CHANNEL_FIELD[c]))} data-channel={c} />
            ))}
          </Group>
        </Checkbox.Group>
        {formError && (
          <Alert color="red" data-testid="escalation-step-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} data-testid="escalation-step-cancel">
            <Trans>取消</Trans>
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="escalation-step-save">
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
