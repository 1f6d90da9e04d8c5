import { Modal, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportReport } from '../../../shared/resources/list';
import { errorText } from '../../lib/formErrors';

/** Result of an import: counts, then each failed sheet row with its messages. */
export function ImportReportModal({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  const { t } = useLingui();
  const total = report?.total ?? 0;
  const imported = report?.imported ?? 0;
  return (
    <Modal opened={Boolean(report)} onClose={onClose} title={t`导入结果`} size="lg" centered>
      {report && (
        <Stack gap="sm" data-testid="import-report">
          <Text size="sm">
            <Trans>
              共 {total} 行，成功导入 {imported} 行。
            </Trans>
          </Text>
          {report.errors.length > 0 && (
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>
                    <Trans>行号</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>错误</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e) => (
                  <Table.Tr key={e.row}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.messages.map((m) => errorText(m)).join('; ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
