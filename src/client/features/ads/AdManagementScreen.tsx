import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import adDef, { AD_REVIEW } from '../../../entities/advertisement/resource';
import { OnceOpened } from '../../components/OnceOpened';
import { UploadButton } from '../../components/Upload/UploadButton';
import { lazyScreen } from '../../lib/chunks';
import { request, toast } from '../../lib/request';
import { getUser, hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { AdVideo, secondsText } from './AdVideo';

const ResourceForm = lazyScreen(() => import('../resources/ResourceForm').then((m) => m.ResourceForm));

/** What `ossUser/uploadAdvertVideo` answers: the stored file with its measured duration and poster. */
export interface UploadedAdVideo {
  url: string;
  name: string;
  size: number;
  contentType: string;
  durationS: number;
  poster: string | null;
}

export const adCells = {
  video: (row: Row) => <AdVideo row={row} />,
  durationS: (row: Row) => <Text size="sm">{secondsText(row.durationS)}</Text>,
};

/**
 * /advertisementManagement: the company's ads with filters, sort, pages, export and in-place
 * playback. 上传广告 uploads a video (MP4/WebM/QuickTime under 20 MB; the service measures its
 * duration and makes its poster) and opens the form with it; a failed ad is resubmitted after
 * its edit, and any edit of a passed one goes back to review.
 */
export function AdManagementScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<Record<string, unknown> | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const [replacing, setReplacing] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const canAdd = hasMark('advertisement:add') && getUser()?.kind !== 'visitor';

  // A new ad, or (replacing) the edit form of an ad with its new video; saving sends it to review again.
  const upload = async (file: File, row: Row | null) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const saved = await request<UploadedAdVideo>('user', 'ossUser/uploadAdvertVideo', form, {
        upload: true,
        timeoutMs: 120_000,
      });
      toast('success', t`视频已上传，时长 ${secondsText(saved.durationS)}`);
      if (row) setEditing({ ...row, video: saved.name });
      else setInitial({ video: saved.name, title: file.name.replace(/\.[^.]+$/, '').slice(0, 100), status: 1 });
    } catch {
      // The request helper showed why (format, size, quota).
    } finally {
      setBusy(false);
    }
  };

  const resubmit = async (row: Row) => {
    await request('user', 'advertisement/resubmit', { id: row.id }, { showMessage: true }).catch(() => undefined);
    await invalidateResource(queryClient, adDef.name);
  };

  return (
    <>
      <ResourceScreen
        def={adDef}
        {...props}
        cells={adCells}
        title={<Trans>广告管理</Trans>}
        rowActions={[
          {
            id: 'replaceVideo',
            title: t`更换视频`,
            mark: 'advertisement:update',
            visible: (row) => row.reviewState !== AD_REVIEW.delivered,
            run: (row) => setReplacing(row),
          },
          {
            id: 'resubmit',
            title: t`重新提交`,
            color: 'teal',
            mark: 'advertisement:update',
            visible: (row) => row.reviewState === AD_REVIEW.failed,
            run: (row) => void resubmit(row),
          },
        ]}
        toolbar={() =>
          canAdd ? (
            <UploadButton
              kind="video"
              onFile={(file) => void upload(file, null)}
              loading={busy}
              data-testid="ad-upload"
            >
              <Trans>上传广告</Trans>
            </UploadButton>
          ) : null
        }
      />
      <Modal
        opened={replacing !== null}
        onClose={() => setReplacing(null)}
        title={<Trans>更换视频</Trans>}
        data-testid="ad-replace"
      >
        <Stack gap="sm">
          <Text size="sm">{String(replacing?.title ?? '')}</Text>
          <UploadButton
            kind="video"
            loading={busy}
            onFile={(file) => {
              const row = replacing;
              setReplacing(null);
              void upload(file, row);
            }}
            data-testid="ad-replace-upload"
          >
            <Trans>选择视频</Trans>
          </UploadButton>
        </Stack>
      </Modal>
      <OnceOpened when={editing !== null}>
        <ResourceForm def={adDef} row={editing} opened={editing !== null} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened when={initial !== null}>
        <ResourceForm
          def={adDef}
          initial={initial ?? undefined}
          opened={initial !== null}
          onClose={() => setInitial(null)}
        />
      </OnceOpened>
    </>
  );
}
