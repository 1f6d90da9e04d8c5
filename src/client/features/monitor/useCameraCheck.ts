import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { CameraCheckAnswer } from '../../../shared/cameras';
import { request, toast } from '../../lib/request';
import { invalidateResource, type Row } from '../resources/resources.queries';

/** The camera list's 检测 action: reads the stream once, says what it found, refreshes the list. */
export function useCameraCheck() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return async (row: Row) => {
    try {
      const answer = await request<CameraCheckAnswer>('device', 'camera/check', { id: row.id }, { timeoutMs: 30_000 });
      if (answer.video)
        toast('success', t`摄像头在线：${answer.video.codec} ${answer.video.width}×${answer.video.height}`);
      else toast('error', t`摄像头离线：${answer.lastError ?? ''}`);
    } catch {
      // The request helper showed why.
    }
    await invalidateResource(queryClient, 'camera');
  };
}
