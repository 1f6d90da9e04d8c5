import { Fragment, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  getDefaultZIndex,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import escalationPolicyDef, { ESCALATION_TYPE_TABLE } from '../../../entities/escalation-policy/resource';
import escalationStepDef from '../../../entities/escalation-step/resource';
import { request } from '../../lib/request';
import { hasMark, useSession } from '../../lib/session';
import { useCodeLabel, useRefData } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, resourceGetQuery, resourceListQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { chainOf, timeWindow, type ChainLink } from './chain';
import { StepEditor } from './StepEditor';
import { useStepText } from './stepText';
import { confirmDanger } from '../../components/ConfirmDanger';

/** Every step a policy may have in one page (the service fires them all). */
const STEPS_PAGE = 200;

const stepRefs = escalationStepDef.fields.filter((f) => f.name === 'userId' || f.name === 'roleId');

/** The alarm type a policy names, or every critical type. */
function useScopeText() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  return {
    type: (row: Row) => (row.alarmType == null ? t`所有紧急报警` : codeLabel(ESCALATION_TYPE_TABLE, row.alarmType)),
    hours: (row: Row) => {
      const w = timeWindow(row.fromTime, row.toTime);
      if (!w) return t`全天`;
      return w.overnight ? t`${w.from}–${w.to}（跨午夜）` : `${w.from}–${w.to}`;
    },
  };
}

function ScopeRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed" w={90}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The policy's scope: alarm type, hours, and whether it is on (a switch for those who may change it). */
function Scope({ policy }: { policy: Row }) {
  const { t } = useLingui();
  const scope = useScopeText();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      request(escalationPolicyDef.kind, `${escalationPolicyDef.name}/update`, { id: policy.id, enabled }),
    onSuccess: () => invalidateResource(queryClient, escalationPolicyDef.name),
  });
  return (
    <Paper withBorder p="sm" data-testid="escalation-scope">
      <Stack gap={6}>
        <ScopeRow label={<Trans>报警类型</Trans>}>
          <Text size="sm" data-testid="escalation-scope-type">
            {scope.type(policy)}
          </Text>
        </ScopeRow>
        <ScopeRow label={<Trans>生效时段</Trans>}>
          <Text size="sm" data-testid="escalation-scope-hours">
            {scope.hours(policy)}
          </Text>
        </ScopeRow>
        <ScopeRow label={<Trans>状态</Trans>}>
          {hasMark(`${escalationPolicyDef.mark}:update`) ? (
            <Switch
              checked={policy.enabled === true}
              disabled={toggle.isPending}
              onChange={(e) => toggle.mutate(e.currentTarget.checked)}
              label={policy.enabled === true ? t`已启用` : t`已停用`}
              data-testid="escalation-enabled"
            />
          ) : (
            <Badge
              variant="light"
              color={policy.enabled === true ? 'teal' : 'gray'}
              data-testid="escalation-enabled-badge"
            >
              {policy.enabled === true ? t`已启用` : t`已停用`}
            </Badge>
          )}
        </ScopeRow>
        {typeof policy.remark === 'string' && policy.remark && (
          <Text size="sm" c="dimmed">
            {policy.remark}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A policy's steps as a chain by delay, each changed, removed or added in place. */
function PolicyDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: policy = row } = useQuery({ ...resourceGetQuery(escalationPolicyDef, row.id), placeholderData: row });
  const steps = useQuery(
    resourceListQuery(escalationStepDef, {
      page: 1,
      size: STEPS_PAGE,
      sort: [{ field: 'delaySeconds', order: 'asc' }],
      filters: { policyId: row.id },
    }),
  );
  const { labels, options } = useRefData(stepRefs);
  const text = useStepText(labels);
  // undefined: no editor open; 'new': the step being added; else the id of the step being changed.
  const [editing, setEditing] = useState<number | 'new' | undefined>(undefined);
  const can = (action: string) => hasMark(`${escalationStepDef.mark}:${action}`);
  const remove = useMutation({
    mutationFn: (id: number) =>
      request(escalationStepDef.kind, `${escalationStepDef.name}/delete`, { ids: [id] }, { showMessage: true }),
    onSuccess: () => invalidateResource(queryClient, escalationStepDef.name),
  });
  const askRemove = (step: Row) =>
    void confirmDanger({
      message: t`确定要删除步骤“${text.delay(Number(step.delaySeconds))} → ${text.step(step)}”吗？`,
      confirmLabel: t`删除`,
    }).then((ok) => ok && remove.mutate(step.id));

  const chain = chainOf(steps.data?.rows ?? []);
  const editor = (step?: Row) => (
    <StepEditor
      policyId={row.id}
      step={step}
      nextDelay={(chain.at(-1)?.delaySeconds ?? 0) + 30}
      users={options(stepRefs[0]!)}
      roles={options(stepRefs[1]!)}
      onDone={() => setEditing(undefined)}
    />
  );
  const example: ChainLink[] = [
    { delaySeconds: 15, steps: [{ id: 0, target: 'repeat', viaConsole: true }] },
    {
      delaySeconds: 45,
      steps: [
        { id: 0, target: 'onDuty', viaConsole: true },
        { id: 0, target: 'contacts', viaSms: true },
      ],
    },
  ];

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      // Under the delete confirmation (a modal of the list's ConfirmHost, mounted before the drawer).
      zIndex={getDefaultZIndex('modal') - 1}
      title={t`升级策略：${String(policy.name ?? '')}`}
      data-testid="escalation-drawer"
    >
      <Stack gap="sm">
        <Scope policy={policy} />
        <Text fw={600} size="sm">
          <Trans>无人确认时依次通知</Trans>
        </Text>
        {steps.isSuccess && chain.length === 0 && editing !== 'new' && (
          <Paper withBorder p="sm" data-testid="escalation-empty">
            <Text size="sm">
              <Trans>
                这条策略还没有步骤。报警发出后若无人确认，每个步骤会在设定的秒数后通过所选渠道通知其对象，例如：
              </Trans>
            </Text>
            {example.map((l) => (
              <Text key={l.delaySeconds} size="sm" c="dimmed">
                {text.link(l)}
              </Text>
            ))}
          </Paper>
        )}
        {chain.map((link) => (
          <Stack key={link.delaySeconds} gap={6}>
            <Paper withBorder p="xs" data-testid="escalation-link" aria-label={text.link(link)}>
              <Group gap={6} wrap="wrap">
                <Badge variant="light" data-testid="escalation-link-delay">
                  {text.delay(link.delaySeconds)}
                </Badge>
                <Text size="sm">→</Text>
                {link.steps.map((step, i) => (
                  <Fragment key={step.id}>
                    {i > 0 && <Text size="sm">+</Text>}
                    <Group gap={2} wrap="nowrap" data-testid="escalation-step" data-step={step.id}>
                      <Text size="sm">{text.step(step)}</Text>
                      {can('update') && (
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t`修改`}
                          onClick={() => setEditing(step.id)}
                          data-testid="escalation-step-edit"
                        >
                          <IconPencil size={14} />
                        </ActionIcon>
                      )}
                      {can('delete') && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="sm"
                          aria-label={t`删除`}
                          onClick={() => askRemove(step)}
                          data-testid="escalation-step-delete"
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Fragment>
                ))}
              </Group>
            </Paper>
            {link.steps.map((step) => (
              <Fragment key={step.id}>{editing === step.id && editor(step)}</Fragment>
            ))}
          </Stack>
        ))}
        {editing === 'new' && editor()}
        {can('add') && editing !== 'new' && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="escalation-step-add"
            >
              <Trans>添加步骤</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}

/**
 * /alarmEscalation: the escalation policies (docs/alarms.md#acknowledgement-and-escalation) as a
 * list; a policy opens in a drawer with its scope and its steps as a chain by delay.
 */
export function PolicyScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const scope = useScopeText();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={escalationPolicyDef}
        {...props}
        rowActions={[{ id: 'steps', title: t`升级步骤`, color: 'blue', run: setOpen }]}
        cells={{
          name: (row) => (
            <Anchor component="button" size="sm" onClick={() => setOpen(row)} data-testid="escalation-open">
              {String(row.name ?? '')}
            </Anchor>
          ),
          alarmType: (row) => scope.type(row),
        }}
      />
      {open && <PolicyDrawer row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
