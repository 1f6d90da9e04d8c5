import type { ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconTableOptions } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnChoice } from './columnChoice';

/**
 * The column settings of a list: a small toolbar button opening a checklist of the list's data
 * columns (the action column always stays) and "恢复默认". The last shown column cannot be
 * unticked. What the list does with the choice (useColumnChoice) is up to it.
 */
export function ColumnSettings({
  columns,
  choice,
}: {
  columns: readonly { id: string; title: ReactNode }[];
  choice: ColumnChoice;
}) {
  const { t } = useLingui();
  const shown = columns.filter((c) => !choice.hidden.has(c.id)).length;
  const total = columns.length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="default" size={36} aria-label={t`列设置`} title={t`列设置`} data-testid="column-settings">
          <IconTableOptions size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-settings-panel" miw={200}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            <Trans>
              显示的列（{shown}/{total}）
            </Trans>
          </Text>
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <Stack gap={6}>
              {columns.map((c) => {
                const visible = !choice.hidden.has(c.id);
                return (
                  <Checkbox
                    key={c.id}
                    size="xs"
                    label={c.title}
                    checked={visible}
                    disabled={visible && shown <= 1}
                    onChange={() => choice.toggle(c.id)}
                    data-testid={`column-toggle-${c.id}`}
                  />
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={choice.reset}
            disabled={!choice.custom}
            data-testid="column-reset"
          >
            <Trans>恢复默认</Trans>
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
