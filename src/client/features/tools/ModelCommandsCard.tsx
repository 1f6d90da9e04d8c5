import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PARAM_TYPES, type ModelCommand, type ThingModel } from '../../../shared/devices/thing-model';
import { emptyCommand } from './data-model';

/** The commands (services) card of the /dataModel screen: each command with its parameters. */
export function ModelCommandsCard({
  draft,
  canEdit,
  err,
  change,
  setCommand,
}: {
  draft: ThingModel;
  canEdit: boolean;
  /** the translated problem of the input at this path, if any */
  err: (path: string) => string | undefined;
  change: (next: ThingModel) => void;
  setCommand: (i: number, patch: Partial<ModelCommand>) => void;
}) {
  const { t } = useLingui();
  const readOnly = !canEdit;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          <Trans>服务（指令）</Trans>
        </Text>
        {canEdit && (
          <Button
            size="xs"
            variant="light"
            onClick={() => change({ ...draft, commands: [...draft.commands, emptyCommand()] })}
            data-testid="command-add"
          >
            <Trans>添加指令</Trans>
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {draft.commands.map((c, i) => (
          <Card key={i} withBorder p="xs" data-testid="model-command" data-key={c.key}>
            <Group gap="xs" align="flex-start">
              <TextInput
                size="xs"
                label={t`标识`}
                readOnly={readOnly}
                value={c.key}
                error={err(`commands.${i}.key`)}
                onChange={(e) => setCommand(i, { key: e.currentTarget.value })}
              />
              <TextInput
                size="xs"
                label={t`名称`}
                readOnly={readOnly}
                value={c.name}
                error={err(`commands.${i}.name`) && t`请填写名称`}
                onChange={(e) => setCommand(i, { name: e.currentTarget.value })}
              />
              {canEdit && (
                <Button
                  size="xs"
                  mt={22}
                  variant="subtle"
                  onClick={() => setCommand(i, { params: [...c.params, { key: '', name: '', type: 'integer' }] })}
                >
                  <Trans>添加参数</Trans>
                </Button>
              )}
              {canEdit && (
                <ActionIcon
                  mt={24}
                  variant="subtle"
                  color="red"
                  aria-label={t`删除`}
                  onClick={() => change({ ...draft, commands: draft.commands.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            {c.params.map((p, k) => {
              const setParam = (patch: Partial<typeof p>) =>
                setCommand(i, { params: c.params.map((q, j) => (j === k ? { ...q, ...patch } : q)) });
              const base = `commands.${i}.params.${k}`;
              return (
                <Group key={k} gap="xs" mt="xs" ms="md" align="flex-start">
                  <TextInput
                    size="xs"
                    w={110}
                    placeholder={t`参数标识`}
                    readOnly={readOnly}
                    value={p.key}
                    error={err(`${base}.key`)}
                    onChange={(e) => setParam({ key: e.currentTarget.value })}
                  />
                  <TextInput
                    size="xs"
                    w={110}
                    placeholder={t`参数名称`}
                    readOnly={readOnly}
                    value={p.name}
                    error={err(`${base}.name`) && t`请填写名称`}
                    onChange={(e) => setParam({ name: e.currentTarget.value })}
                  />
                  <Select
                    size="xs"
                    w={100}
                    readOnly={readOnly}
                    data={[...PARAM_TYPES]}
                    value={p.type}
                    allowDeselect={false}
                    onChange={(v) => v && setParam({ type: v as typeof p.type })}
                  />
                  {p.type === 'enum' ? (
                    <TextInput
                      size="xs"
                      w={220}
                      placeholder={t`可选值，用逗号分隔`}
                      readOnly={readOnly}
                      value={(p.values ?? []).join(',')}
                      error={err(`${base}.values`)}
                      onChange={(e) =>
                        setParam({
                          values: e.currentTarget.value
                            .split(',')
                            .map((v) => v.trim())
                            .filter(Boolean),
                        })
                      }
                    />
                  ) : (
                    (p.type === 'integer' || p.type === 'number') && (
                      <>
                        <NumberInput
                          size="xs"
                          w={90}
                          placeholder={t`最小值`}
                          readOnly={readOnly}
                          value={p.min ?? ''}
                          onChange={(v) => setParam({ min: v === '' ? undefined : Number(v) })}
                        />
                        <NumberInput
                          size="xs"
                          w={90}
                          placeholder={t`最大值`}
                          readOnly={readOnly}
                          value={p.max ?? ''}
                          error={err(`${base}.max`)}
                          onChange={(v) => setParam({ max: v === '' ? undefined : Number(v) })}
                        />
                      </>
                    )
                  )}
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`删除`}
                      onClick={() => setCommand(i, { params: c.params.filter((_, j) => j !== k) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
