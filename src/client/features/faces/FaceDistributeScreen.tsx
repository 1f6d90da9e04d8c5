import { useState } from 'react';
import { Button, Card, Grid, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import faceDistributionDef from '../../../entities/face-distribution/resource';
import faceLibraryDef from '../../../entities/face-library/resource';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { isMsgKey } from '../../../shared/messages';
import { serverMessage } from '../../i18n/serverMessages';
import { request } from '../../lib/request';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, resourceListQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { BatchResults } from '../tools/BatchResults';
import { DevicePicker, type PickedDevice } from '../tools/DevicePicker';
import { confirmDanger } from '../../components/ConfirmDanger';

const DOOR_UNITS = ['doorUnit'] as const;

const cells = {
  error: (row: Row) => (
    <Text size="sm">
      {typeof row.error === 'string' && isMsgKey(row.error) ? serverMessage(row.error, row.error) : ''}
    </Text>
  ),
};

/**
 * /distribute: a face library goes to the door units picked, as a `faceLibrary` command each
 * (the unit then downloads the samples); the answers show per unit, and the list below keeps
 * each library and unit's delivery state (pending, sent, acknowledged, failed) with 重新下发 for
 * one row or the selected rows.
 */
export function FaceDistributeScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const queryClient = useQueryClient();
  const [libraryId, setLibraryId] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedDevice[]>([]);
  const [results, setResults] = useState<BatchCommandResult[]>([]);
  const allowed = hasMark('faceDistribution:distribute');
  const libraries = useQuery(
    resourceListQuery(faceLibraryDef, { page: 1, size: 100, sort: [{ field: 'id', order: 'desc' }], filters: {} }),
  );
  const options = ((libraries.data?.rows ?? []) as Row[]).map((r) => ({
    value: String(r.id),
    label: `${String(r.name)} (${Number(r.sampleCount ?? 0)})`,
  }));

  const done = async (answer: BatchCommandResult[]) => {
    setResults(answer);
    await invalidateResource(queryClient, faceDistributionDef.name);
  };
  const send = useMutation({
    mutationFn: () =>
      request<BatchCommandResult[]>('device', 'faceDistribution/send', {
        libraryId: Number(libraryId),
        imeis: picked.map((p) => p.imei),
      }),
    onSuccess: done,
  });
  const resend = useMutation({
    mutationFn: (ids: number[]) => request<BatchCommandResult[]>('device', 'faceDistribution/resend', { ids }),
    onSuccess: done,
  });
  const start = async () => {
    const name = options.find((o) => o.value === libraryId)?.label ?? '';
    const n = picked.length;
    if (await confirmDanger({ message: t`确定要将人脸库「${name}」下发到 ${n} 台门口机吗？`, confirmLabel: t`下发` }))
      send.mutate();
  };

  return (
    <Stack p="md" gap="md" data-testid="face-distribute">
      <Title order={3}>
        <Trans>人脸下发</Trans>
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Select
                label={t`人脸库`}
                placeholder={t`选择人脸库`}
                data={options}
                value={libraryId}
                onChange={setLibraryId}
                data-testid="distribute-library"
              />
              <Text size="xs" c="dimmed">
                <Trans>门口机收到指令后下载人脸库的样本；离线的门口机保持待发送，上线后可重新下发。</Trans>
              </Text>
              <Button
                disabled={!allowed || !libraryId || picked.length === 0}
                loading={send.isPending}
                onClick={() => void start()}
                data-testid="distribute-send"
              >
                <Trans>下发</Trans>
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder>
            <DevicePicker kinds={DOOR_UNITS} picked={picked} onChange={setPicked} />
          </Card>
        </Grid.Col>
      </Grid>
      {results.length > 0 && <BatchResults results={results} />}
      <ResourceScreen
        def={faceDistributionDef}
        {...props}
        cells={cells}
        title={<Trans>下发记录</Trans>}
        toolbar={(selected) =>
          allowed && selected.length > 0 ? (
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending}
              onClick={() => resend.mutate(selected)}
              data-testid="distribute-resend-selected"
            >
              <Trans>重新下发所选</Trans>
            </Button>
          ) : null
        }
        rowActions={[
          {
            id: 'resend',
            title: t`重新下发`,
            mark: 'faceDistribution:distribute',
            run: (row) => resend.mutate([Number(row.id)]),
          },
        ]}
      />
    </Stack>
  );
}
