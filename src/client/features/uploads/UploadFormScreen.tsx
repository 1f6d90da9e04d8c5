import { useState } from 'react';
import { Anchor, Card, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { UploadButton } from '../../components/Upload';
import { request } from '../../lib/request';

type ImageTarget = 'ossUser/addOssHederImg' | 'face/uploadFaceImg';
type VideoTarget = 'ossUser/uploadVideo' | 'ossUser/uploadAdvertVideo';

interface Uploaded {
  url: string;
  name: string;
}

const send = (path: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<unknown>('user', path, form, { upload: true, showMessage: true, timeoutMs: 120_000 });
};

/**
 * uploadForm: pictures (head or face image) and videos (library or advert) through the upload
 * endpoints; each answer shows what was stored, with its link. The picker refuses a wrong format
 * or size first; the service checks the content again.
 */
export function UploadFormScreen() {
  const { t } = useLingui();
  const [imageTarget, setImageTarget] = useState<ImageTarget>('ossUser/addOssHederImg');
  const [videoTarget, setVideoTarget] = useState<VideoTarget>('ossUser/uploadVideo');
  const [images, setImages] = useState<Uploaded[]>([]);
  const [videos, setVideos] = useState<Uploaded[]>([]);
  const image = useMutation({
    mutationFn: (file: File) => send(imageTarget, file),
    onSuccess: (url, file) => setImages((list) => [{ url: String(url), name: file.name }, ...list]),
  });
  const video = useMutation({
    mutationFn: (file: File) => send(videoTarget, file),
    onSuccess: (data, file) => setVideos((list) => [{ url: (data as { url: string }).url, name: file.name }, ...list]),
  });

  return (
    <Stack gap="md" data-testid="upload-form">
      <Title order={4}>
        <Trans>上传表单</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>
              <Trans>图片</Trans>
            </Text>
            <SegmentedControl
              value={imageTarget}
              onChange={(v) => setImageTarget(v as ImageTarget)}
              data={[
                { value: 'ossUser/addOssHederImg', label: t`头像` },
                { value: 'face/uploadFaceImg', label: t`人脸图片` },
              ]}
            />
            <Group>
              <UploadButton
                kind="image"
                onFile={(f) => image.mutate(f)}
                loading={image.isPending}
                data-testid="upload-image"
              >
                <Trans>选择图片</Trans>
              </UploadButton>
            </Group>
            {images.map((u) => (
              <Group key={u.url} gap="sm" data-testid="uploaded-image">
                <Image src={u.url} w={64} h={64} fit="contain" alt={u.name} />
                <Anchor href={u.url} target="_blank" rel="noreferrer" size="sm">
                  {u.name}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>
              <Trans>视频</Trans>
            </Text>
            <SegmentedControl
              value={videoTarget}
              onChange={(v) => setVideoTarget(v as VideoTarget)}
              data={[
                { value: 'ossUser/uploadVideo', label: t`视频库` },
                { value: 'ossUser/uploadAdvertVideo', label: t`广告视频` },
              ]}
            />
            <Group>
              <UploadButton
                kind="video"
                onFile={(f) => video.mutate(f)}
                loading={video.isPending}
                data-testid="upload-video"
              >
                <Trans>选择视频</Trans>
              </UploadButton>
            </Group>
            {videos.map((u) => (
              <Stack key={u.url} gap={4} data-testid="uploaded-video">
                <video src={u.url} controls width={240} />
                <Anchor href={u.url} target="_blank" rel="noreferrer" size="sm">
                  {u.name}
                </Anchor>
              </Stack>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
