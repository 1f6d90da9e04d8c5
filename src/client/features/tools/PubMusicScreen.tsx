import { useState } from 'react';
import { Alert, Button, Card, Grid, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import audioPushDef from '../../../entities/audio-push/resource';
import type { AudioUploadAnswer } from '../../../shared/devices/audio-push';
import { TTS_MAX } from '../../../shared/devices/audio-push';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { DEVICE_KINDS, kindSupports } from '../../../shared/devices/kinds';
import { UploadButton } from '../../components/Upload';
import { serverMessage } from '../../i18n/serverMessages';
import { currentLang } from '../../i18n/i18n';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { BatchResults } from './BatchResults';
import { DevicePicker, type PickedDevice } from './DevicePicker';
import { fileUrl, sendAudioPush, ttsPreview, uploadAudio } from './tools.queries';
import { confirmDanger } from '../../components/ConfirmDanger';

/** Speakers, door units and helmets: the kinds with a broadcast command. */
const SPEAKERS = DEVICE_KINDS.filter((k) => kindSupports(k, 'broadcast'));

/** The history's content cell: a file push plays in place. */
const historyCells = {
  title: (row: Row) =>
    row.source === 'file' && row.file ? (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" truncate maw={120}>
          {String(row.title)}
        </Text>
        <audio controls preload="none" src={fileUrl(String(row.file))} style={{ height: 28, maxWidth: 180 }} />
      </Group>
    ) : (
      String(row.title ?? '')
    ),
};

/**
 * /pubMusic: push an uploaded audio file (MP3/WAV/Ogg/AAC, judged by its content on the service)
 * or text the devices speak to one or many speakers, after a confirmation; the answers and acks
 * show per device, and every push lands in the history below (filter, sort, page, export).
 */
export function PubMusicScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'file' | 'tts'>('file');
  const [audio, setAudio] = useState<(AudioUploadAnswer & { title: string }) | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url?: string; key?: string } | null>(null);
  const [picked, setPicked] = useState<PickedDevice[]>([]);
  const [results, setResults] = useState<BatchCommandResult[]>([]);
  const allowed = hasMark('device:command');

  const upload = useMutation({
    mutationFn: async (file: File) => ({ ...(await uploadAudio(file)), title: file.name }),
    onSuccess: setAudio,
  });
  const previewing = useMutation({
    mutationFn: () => ttsPreview(text.trim(), currentLang()),
    onSuccess: (p) => {
      if (preview?.url) URL.revokeObjectURL(preview.url);
      setPreview(p);
    },
  });
  const push = useMutation({
    mutationFn: () => {
      const imeis = picked.map((p) => p.imei);
      return sendAudioPush(
        source === 'file'
          ? { source, imeis, file: audio!.name, title: audio!.title }
          : { source, imeis, text: text.trim() },
      );
    },
    onSuccess: async (answer) => {
      setResults(answer.results);
      await invalidateResource(queryClient, audioPushDef.name);
    },
  });

  const checkText = (): boolean => {
    const v = text.trim();
    const problem = !v ? t`请输入播报文本` : v.length > TTS_MAX ? t`播报文本不能超过500个字符` : null;
    setTextError(problem);
    return !problem;
  };
  const start = async () => {
    if (source === 'tts' && !checkText()) return;
    const what = source === 'file' ? audio!.title : text.trim().slice(0, 30);
    const n = picked.length;
    if (await confirmDanger({ message: t`确定要向 ${n} 台设备推送「${what}」吗？`, confirmLabel: t`推送` }))
      push.mutate();
  };
  const ready =
    allowed && picked.length > 0 && !push.isPending && (source === 'file' ? audio !== null : text.trim() !== '');

  return (
    <Stack p="md" gap="md" data-testid="pub-music">
      <Title order={3}>
        <Trans>音乐推送</Trans>
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder>
            <Stack gap="sm">
              <SegmentedControl
                value={source}
                onChange={(v) => setSource(v as 'file' | 'tts')}
                data={[
                  { value: 'file', label: t`音频文件` },
                  { value: 'tts', label: t`文字转语音` },
                ]}
                data-testid="push-source"
              />
              {source === 'file' ? (
                <Stack gap="xs">
                  <Group gap="xs">
                    <UploadButton
                      kind="audio"
                      size="xs"
                      loading={upload.isPending}
                      onFile={(f) => upload.mutate(f)}
                      data-testid="push-upload"
                    >
                      <Trans>上传音频</Trans>
                    </UploadButton>
                    <Text size="xs" c="dimmed">
                      <Trans>MP3、WAV、OGG、AAC，不超过10MB</Trans>
                    </Text>
                  </Group>
                  {audio && (
                    <Group gap="xs" data-testid="push-audio">
                      <Text size="sm">{audio.title}</Text>
                      <audio controls src={fileUrl(audio.name)} style={{ height: 32 }} />
                    </Group>
                  )}
                </Stack>
              ) : (
                <Stack gap="xs">
                  <Textarea
                    label={t`播报文本`}
                    description={t`设备用自带的语音合成播报`}
                    rows={3}
                    maxLength={TTS_MAX}
                    value={text}
                    error={textError}
                    onChange={(e) => {
                      setText(e.currentTarget.value);
                      setTextError(null);
                    }}
                    data-testid="push-text"
                  />
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!text.trim()}
                      loading={previewing.isPending}
                      onClick={() => checkText() && previewing.mutate()}
                      data-testid="push-preview"
                    >
                      <Trans>试听</Trans>
                    </Button>
                    {preview?.url && <audio controls autoPlay src={preview.url} style={{ height: 32 }} />}
                  </Group>
                  {preview?.key && (
                    <Alert color="gray" variant="light" data-testid="push-preview-unavailable">
                      {serverMessage(preview.key, preview.key)}
                    </Alert>
                  )}
                </Stack>
              )}
              <Button disabled={!ready} loading={push.isPending} onClick={() => void start()} data-testid="push-send">
                <Trans>推送</Trans>
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder>
            <DevicePicker kinds={SPEAKERS} picked={picked} onChange={setPicked} />
          </Card>
        </Grid.Col>
      </Grid>
      {results.length > 0 && <BatchResults results={results} />}
      <ResourceScreen def={audioPushDef} {...props} cells={historyCells} title={<Trans>推送记录</Trans>} />
    </Stack>
  );
}
