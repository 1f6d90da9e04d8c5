import { useState, type Dispatch, type SetStateAction } from 'react';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { UploadButton } from '../../components/Upload';

/**
 * The pictures of the /AddProduct form: the first is the cover, at most 9; each uploaded
 * (upload) or given by address.
 */
export function ProductImagesField({
  images,
  setImages,
  upload,
  uploading,
  error,
}: {
  images: string[];
  setImages: Dispatch<SetStateAction<string[]>>;
  upload: (file: File) => Promise<void>;
  uploading: boolean;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const [imageUrl, setImageUrl] = useState('');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        <Trans>商品图片</Trans>{' '}
        <Text span c="red">
          *
        </Text>{' '}
        <Text span size="xs" c="dimmed">
          <Trans>第一张为封面，最多9张</Trans>
        </Text>
      </Text>
      <Group gap="xs">
        {images.map((src, i) => (
          <Stack key={`${src}-${i}`} gap={2} align="center">
            <Image src={src} w={72} h={72} fit="cover" radius="sm" alt="" data-testid="product-image" />
            <Group gap={2}>
              {i > 0 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setImages((l) => [l[i]!, ...l.filter((_, k) => k !== i)])}
                >
                  <Trans>设为封面</Trans>
                </Button>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setImages((l) => l.filter((_, k) => k !== i))}
              >
                <Trans>删除</Trans>
              </Button>
            </Group>
          </Stack>
        ))}
      </Group>
      <Group gap="xs" align="flex-end">
        {images.length < 9 && (
          <UploadButton
            kind="image"
            onFile={(f) => void upload(f)}
            loading={uploading}
            data-testid="product-image-upload"
          />
        )}
        <TextInput
          placeholder={t`或填写图片地址`}
          value={imageUrl}
          onChange={(e) => setImageUrl(e.currentTarget.value)}
          w={260}
          data-testid="product-image-url"
        />
        <Button
          variant="light"
          disabled={!imageUrl.trim() || images.length >= 9}
          onClick={() => {
            setImages((l) => [...l, imageUrl.trim()]);
            setImageUrl('');
          }}
          data-testid="product-image-add"
        >
          <Trans>添加图片</Trans>
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" data-testid="product-images-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
