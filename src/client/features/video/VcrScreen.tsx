import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import vcrDef from '../../../entities/vcr/resource';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
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
        <video controls preload="metadata" src={fileUrl(String(row.file))} style={{ width: 200, maxHeight: 150, background: '#000' }} data-testid="vcr-video" />
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
  return <ResourceScreen def={vcrDef} {...props} cells={cells} title={<Trans>视频录像</Trans>} />;
}
