import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import vcrDef from '../../../entities/vcr/resource';
import { UploadButton } from '../../components/Upload/UploadButton';
import { request, toast } from '../../lib/request';
import { getUser, hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { durationText } from '../tools/DeviceVoiceScreen';
import { fileUrl } from '../tools/tools.queries';

const cells = {
  durationMs: (row: Row) => <Text size="sm">{durationText(row.durationMs)}</Text>,
  fileName: (row: Row) => (
    <span>
      {String(row.fileName)}
      <br />
      {row.file ? (
        // The service serves byte ranges, so the player seeks without loading the whole file.
        // The service's poster shows the first picture; with it the list loads no video until one is played.
        <video
          controls
          preload={row.poster ? 'none' : 'metadata'}
          poster={row.poster ? fileUrl(String(row.poster)) : undefined}
          src={fileUrl(String(row.file))}
          style={{ width: 200, maxHeight: 150, background: '#000' }}
          data-testid="vcr-video"
        />
      ) : (
        <Text size="xs" c="dimmed">
          <Trans>存于外部存储桶</Trans> {String(row.bucketName ?? '')}
        </Text>
      )}
    </span>
  ),
};

/**
 * /VCRList, /VCRListtc and /videoManage: the recordings of calls and conferences, newest first,
 * each playable in place with seeking; review state and pinning are edited with the row form, and
 * the generic list gives filters, sort, pages, export and delete.
 */
export function VcrScreen(props: RouteScreenProps) {
  return (
    <ResourceScreen
      def={vcrDef}
      {...props}
      cells={cells}
      toolbar={() => <UploadVideo />}
      title={<Trans>视频录像</Trans>}
    />
  );
}

/** 上传视频: an MP4, WebM or QuickTime file under 20 MB joins the library under review, titled by its file name. */
function UploadVideo() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!hasMark('vcr:update') || getUser()?.kind === 'visitor') return null;
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const title = file.name.replace(/\.[^.]+$/, '').slice(0, 100) || file.name;
    setBusy(true);
    try {
      await request('device', `vcr/upload?title=${encodeURIComponent(title)}`, form, { timeoutMs: 120_000 });
      toast('success', t`视频已上传，待审核`);
      await invalidateResource(queryClient, 'vcr');
    } catch {
      // The request helper showed why (format, size, quota).
    } finally {
      setBusy(false);
    }
  };
  return (
    <UploadButton kind="video" onFile={(file) => void upload(file)} loading={busy} data-testid="vcr-upload">
      <Trans>上传视频</Trans>
    </UploadButton>
  );
}
