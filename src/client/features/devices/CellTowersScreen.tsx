import { useState } from 'react';
import { Button, FileButton, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import cellTowerDef from '../../../entities/cell-tower/resource';
import { importJobReport, JOB_STATE, type Job } from '../../../shared/jobs';
import { lazyScreen } from '../../lib/chunks';
import { request } from '../../lib/request';
import { followJob } from '../jobs/follow';
import { isSuperAdmin } from '../org/org.api';
import type { ShownImportReport } from '../resources/ImportReportModal';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

const ImportReportModal = lazyScreen(() => import('../resources/ImportReportModal').then((m) => m.ImportReportModal));

/** A 2 GB file over a slow link takes a while; the import itself runs afterwards as a job. */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

/**
 * /cellTowers: OpenCellID's cell towers (docs/protocols.md "Cell towers"), which give LBS
 * reports an approximate position. The generic list, plus the upload of a whole OpenCellID file
 * (.csv or .csv.gz) as a background job whose report lists the lines that could not be read.
 */
export function CellTowersScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<ShownImportReport | null>(null);
  const done = (job: Job) => {
    const parsed = importJobReport.safeParse(job.result);
    if (job.state === JOB_STATE.done && parsed.success) setReport(parsed.data);
    void invalidateResource(queryClient, cellTowerDef.name);
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const job = await request<Job>('device', 'cellTower/importOpenCellId', form, { timeoutMs: UPLOAD_TIMEOUT_MS });
      followJob(job, t`导入 OpenCellID 基站`, {
        texts: { running: (j) => t`正在导入基站… ${j.progress}%`, done: (j) => t`基站导入完成，共 ${j.rows ?? 0} 条` },
        onDone: done,
      });
      return job;
    },
  });
  return (
    <>
      <ResourceScreen
        def={cellTowerDef}
        {...props}
        toolbar={() =>
          isSuperAdmin() && (
            <FileButton accept=".csv,.gz,text/csv,application/gzip" onChange={(file) => file && upload.mutate(file)}>
              {(p) => (
                <Button
                  {...p}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  data-testid="cell-tower-import"
                >
                  <Trans>导入 OpenCellID 文件</Trans>
                </Button>
              )}
            </FileButton>
          )
        }
        empty={
          <Text c="dimmed" size="sm" data-testid="cell-tower-empty">
            <Trans>
              基站库为空：只上报基站（LBS）的设备没有位置。从 OpenCellID 下载基站文件（.csv.gz），用“导入 OpenCellID
              文件”导入后，这些上报会得到大致位置。
            </Trans>
          </Text>
        }
      />
      {report && <ImportReportModal report={report} onClose={() => setReport(null)} />}
    </>
  );
}
