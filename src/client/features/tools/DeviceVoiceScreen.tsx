import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import deviceVoiceDef from '../../../entities/device-voice/resource';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { fileUrl } from './tools.queries';

/** 1500 -> "1.5 s"; unknown durations show a dash. */
export function durationText(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '-';
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

const cells = {
  durationMs: (row: Row) => (
    <Text size="sm" data-testid="voice-duration">
      {durationText(row.durationMs)}
    </Text>
  ),
  imei: (row: Row) => (
    <span>
      {String(row.imei)}
      <br />
      <audio
        controls
        preload="none"
        src={fileUrl(String(row.file))}
        style={{ height: 28, maxWidth: 220 }}
        data-testid="voice-audio"
      />
    </span>
  ),
};

/**
 * /deviceVoice: the voice messages devices uploaded (docs/device-protocol.md "Voice messages"),
 * newest first, with device, time and duration, each playable in place from the served file;
 * the generic list gives filters, sort, pages, export and delete.
 */
export function DeviceVoiceScreen(props: RouteScreenProps) {
  return <ResourceScreen def={deviceVoiceDef} {...props} cells={cells} title={<Trans>设备语音</Trans>} />;
}
