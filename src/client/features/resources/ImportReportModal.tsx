import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportReport } from '../../../shared/resources/list';
import { errorText } from '../../lib/formErrors';
import { downloadJob } from '../jobs/jobs.queries';

/** An import's outcome: a synchronous ImportReport, or an import job's (first errors, `failed` in all). */
export type ShownImportReport = ImportReport & { failed?: number };

/**
 * Result of an import: counts, then each failed row with its messages. For an import job whose
 * rows failed, `errorFileJob` is the job whose file lists every failed row.
 */
export function ImportReportModal({
  report,
  onClose,
  errorFileJob,
}: {
  report: ShownImportReport | null;
  onClose: () => void;
  errorFileJob?: number;
}) {
  const { t } = useLingui();
  const total = report?.total ?? 0;
  const imported = report?.imported ?? 0;
  const failed = report?.failed ?? report?.errors.length ?? 0;
  const shown = report?.errors.length ?? 0;
  return (
    <Modal opened={Boolean(report)} onClose={onClose} title={t`导入结果`} size="lg" centered>
      {report && (
        <Stack gap="sm" data-testid="import-report">
          <Text size="sm">
            <Trans>
              共 {total} 行，成功导入 {imported} 行。
            </Trans>
          </Text>
          {failed > shown && (
            <Text size="sm" c="dimmed">
              <Trans>
                共 {failed} 行失败，下面列出前 {shown} 行。
              </Trans>
            </Text>
          )}
          {failed > 0 && errorFileJob !== undefined && (
            <Button
              size="compact-sm"
              variant="light"
              w="fit-content"
              leftSection={<IconDownload size={14} />}
              onClick={() => void downloadJob(errorFileJob).catch(() => undefined)}
              data-testid="import-error-file"
            >
              <Trans>下载失败行</Trans>
            </Button>
          )}
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
