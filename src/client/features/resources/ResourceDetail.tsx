import type { ReactNode } from 'react';
import { Drawer, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacro } from '@lingui/react/macro';
import type { ResourceDef } from '../../../shared/resources';
import { fieldText, useCodeLabel, useRefData } from './display';
import type { Row } from './resources.queries';

/** Read-only drawer with every field the console receives, then what the screen adds (`extra`). */
export function ResourceDetail({
  def,
  row,
  onClose,
  extra,
}: {
  def: ResourceDef;
  row: Row | null;
  onClose: () => void;
  extra?: (row: Row) => ReactNode;
}) {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const fields = def.fields.filter((f) => !f.writeOnly);
  const { labels } = useRefData(fields);
  const codeLabel = useCodeLabel();
  return (
    <Drawer opened={Boolean(row)} onClose={onClose} position="right" size="md" title={<Trans>详情</Trans>}>
      {row && (
        <Stack gap="xs" data-testid="resource-detail">
          {fields.map((field) => (
            <div key={field.name}>
              <Text size="xs" c="dimmed">
                {i18n._(field.label)}
              </Text>
              <Text size="sm">{fieldText(field, row[field.name], codeLabel, labels, [t`是`, t`否`]) || '-'}</Text>
            </div>
          ))}
          {extra?.(row)}
        </Stack>
      )}
    </Drawer>
  );
}
