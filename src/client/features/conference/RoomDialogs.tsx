import { useState } from 'react';
import { Modal, Stack, Table, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONF_DEFAULT_ROOM, type ConfRoom } from '../../../shared/conference';
import { ModalFooter } from '../../components/ModalFooter';

/** 加入房间: one field, the room number (shown default 1111). */
export function JoinDialog({
  opened,
  onClose,
  onJoin,
}: {
  opened: boolean;
  onClose: () => void;
  onJoin: (roomId: string) => void;
}) {
  const { t } = useLingui();
  const [roomId, setRoomId] = useState(CONF_DEFAULT_ROOM);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = roomId.trim();
    if (!value) return setError(t`请先填写房间号`);
    if (!/^\d{1,8}$/.test(value)) return setError(t`房间号为1-8位数字`);
    setError(null);
    onJoin(value);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`加入房间`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            name="roomId"
            label={t`房间号`}
            value={roomId}
            onChange={(e) => setRoomId(e.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="conf-room-id"
          />
          <ModalFooter onCancel={onClose} type="submit" data-testid="conf-join-submit">
            <Trans>加入</Trans>
          </ModalFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** 房间信息: name, number, password and capacity of the room. */
export function RoomInfoDialog({
  room,
  opened,
  onClose,
}: {
  room: ConfRoom | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const rows: [string, string][] = room
    ? [
        [t`房间名称`, room.displayName],
        [t`房间号`, room.roomId],
        [t`房间密码`, room.password || '-'],
        [t`最大容量`, String(room.capacity)],
      ]
    : [];
  return (
    <Modal opened={opened} onClose={onClose} title={t`房间信息`} centered>
      <Table data-testid="conf-room-info">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
