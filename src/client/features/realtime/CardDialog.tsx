import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardPush } from '../../../shared/alarms/push';

/**
 * Card-issued notice (docs/requirements/realtime-intercom.md#card-issued-notice); several queue like the SOS alerts.
 */
export function CardDialog({ queue, onClose }: { queue: CardPush[]; onClose: () => void }) {
  const { t } = useLingui();
  const card = queue[0];
  return (
    <Modal opened={Boolean(card)} onClose={onClose} centered title={t`消息提示`} data-testid="card-dialog">
      {card && (
        <Stack gap="xs">
          <Text size="sm">
            <Text span c="dimmed">
              <Trans>卡片信息</Trans>:
            </Text>{' '}
            <span data-testid="card-info">{card.cardInfo}</span>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              IMEI:
            </Text>{' '}
            <span data-testid="card-imei">{card.imei}</span>
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose} data-testid="card-close">
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
