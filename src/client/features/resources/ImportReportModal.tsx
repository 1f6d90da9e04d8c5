import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportReport } from '../../../shared/resources/list';
import { DataTable, type Column } from '../../components/DataTable';
import { errorText } from '../../lib/formErrors';
import { downloadJob } from '../jobs/jobs.queries';

/** An import's outcome: a synchronous ImportReport, or an import job's (first errors, `failed` in all). */
export type ShownImportReport = ImportReport & { failed?: number };

type ImportError = ImportReport['errors'][number];

/** A failed row: its number and its messages (they wrap). */
const ERROR_COLUMNS: Column<ImportError>[] = [
  { id: 'row', name: 'row', title: <Trans>行号</Trans>, width: 80, type: 'number' },
  {
    id: 'messages',
    name: 'messages',
    title: <Trans>错误</Trans>,
    width: 400,
    wrap: true,
    render: (e) => e.messages.map((m) => errorText(m)).join('; '),
  },
];

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
            <DataTable<ImportError>
              columns={ERROR_COLUMNS}
              rows={report.errors}
              rowKey={(e) => e.row}
              compact
              maxHeight={360}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
