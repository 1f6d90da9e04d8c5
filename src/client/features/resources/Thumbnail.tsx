import { Image, Text } from '@mantine/core';

/** The cell of an image field in any list: a small picture, or a dash when there is none. */
export function Thumbnail({ src }: { src: unknown }) {
  if (typeof src !== 'string' || !src) return <Text c="dimmed">-</Text>;
  return <Image src={src} w={48} h={36} fit="contain" radius="sm" alt="" data-testid="thumbnail" />;
}
