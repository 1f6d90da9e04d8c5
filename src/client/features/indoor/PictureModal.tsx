import { Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResourceDef } from '../../../shared/resources';
import { UploadButton } from '../../components/Upload';
import { request } from '../../lib/request';
import { invalidateResource, type Row } from '../resources/resources.queries';
import { uploadPicture } from './indoor.queries';

/** Upload (or replace) the picture of a map or drawing: the file goes up first, then its URL is saved. */
export function PictureModal({ def, row, onClose }: { def: ResourceDef; row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (file: File) => {
      const url = await uploadPicture(file);
      return request(def.kind, `${def.name}/update`, { id: row!.id, picture: url }, { showMessage: true });
    },
    onSuccess: async () => {
      await invalidateResource(queryClient, def.name);
      onClose();
    },
  });
  const picture = typeof row?.picture === 'string' ? row.picture : null;
  return (
    <Modal opened={row !== null} onClose={onClose} title={t`上传图片`} centered>
      <Stack>
        {picture ? (
          <Image src={picture} alt="" fit="contain" mah={240} />
        ) : (
          <Text c="dimmed">
            <Trans>暂无图片</Trans>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <Trans>支持 PNG、JPG、GIF、WebP，大小不超过500KB</Trans>
        </Text>
        <UploadButton
          kind="image"
          onFile={(file) => save.mutate(file)}
          loading={save.isPending}
          data-testid="picture-upload"
        />
      </Stack>
    </Modal>
  );
}
