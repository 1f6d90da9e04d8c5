import { useEffect, useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlayerRecordFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { request, toast } from '../../lib/request';
import { useCallSeconds } from '../media/useMediaCall';
import type { ConferenceClient } from './client';
import { loadRecordConfig } from './recordConfig';
import { hhmmss } from './useConference';

type RecState = 'idle' | 'starting' | 'recording' | 'stopping';

/** Members that are devices (their user name is an IMEI), for the recording's info. */
const deviceImeis = (client: ConferenceClient): string[] =>
  client
    .getSnapshot()
    .members.map((m) => m.userName)
    .filter((n) => /^\d{15}$/.test(n));

function Timer() {
  const seconds = useCallSeconds(true);
  return (
    <Text component="span" ff="monospace" size="sm" data-testid="conf-record-timer">
      {hhmmss(seconds)}
    </Text>
  );
}

/**
 * docs/requirements/realtime-video.md#recording: idle -> recording (开始视频录制, or 录制开启失败)
 * -> stopped (结束录制视频, or 停止录制失败). The service records the room; the result comes back
 * as a `sendtext` event.
 */
export function RecordButton({ client }: { client: ConferenceClient }) {
  const { t } = useLingui();
  const [state, setState] = useState<RecState>('idle');
  const bucket = useRef('');
  useEffect(
    () =>
      client.listen((_m, e) => {
        if (e?.event !== 'sendtext') return;
        if (e.command === 'StartRecord') {
          toast(e.ok ? 'success' : 'error', e.ok ? t`开始视频录制` : t`录制开启失败`);
          setState(e.ok ? 'recording' : 'idle');
        } else {
          toast(e.ok ? 'success' : 'error', e.ok ? t`结束录制视频` : t`停止录制失败`);
          // A stop the service failed has ended the recording all the same (its file is lost).
          setState('idle');
          // The recording-info call after recording ends (docs/requirements/realtime-video.md#device-calls).
          if (e.ok && e.fileName)
            void request(
              'device',
              'vcr/addVcrInfo',
              { bucketName: bucket.current, fileName: e.fileName, imeis: deviceImeis(client), type: 1 },
              { quiet: true, background: true },
            ).catch(() => undefined);
        }
      }),
    [client, t],
  );
  const start = async () => {
    // The settings are made before joining (录制设置 outside a room).
    const config = loadRecordConfig();
    if (!config) return toast('tip', t`没有配置录制参数，请离开房间后设置~`);
    bucket.current = config.bucket;
    setState('starting');
    const sent = await client.record({
      Command: 'StartRecord',
      Video: config.video,
      Storage: { Protocol: config.protocol, BucketName: config.bucket, FileKey: `${config.prefix}_${Date.now()}` },
    });
    if (!sent) {
      toast('error', t`录制开启失败`);
      setState('idle');
    }
  };
  const stop = async () => {
    setState('stopping');
    if (!(await client.record({ Command: 'StopRecord' }))) {
      toast('error', t`停止录制失败`);
      setState('recording');
    }
  };
  const recording = state === 'recording' || state === 'stopping';
  return (
    <Button
      color={recording ? 'red' : 'gray'}
      variant={recording ? 'filled' : 'light'}
      loading={state === 'starting' || state === 'stopping'}
      leftSection={recording ? <IconPlayerStopFilled size={14} /> : <IconPlayerRecordFilled size={14} />}
      rightSection={recording ? <Timer /> : undefined}
      onClick={() => void (recording ? stop() : start())}
      data-testid="conf-record"
      data-state={state}
    >
      {recording ? <Trans>停止录制</Trans> : <Trans>开始录制</Trans>}
    </Button>
  );
}
