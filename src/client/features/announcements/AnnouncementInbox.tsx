import { useState } from 'react';
import { Badge, Group, Indicator, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { ANNOUNCEMENT_LEVEL_TABLE, type InboxItem } from '../../../entities/announcement/resource';
import { request } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { LEVEL_COLOR } from './levels';
import { formatDateCell } from '../../lib/dates';

export interface InboxAnswer {
  rows: InboxItem[];
  total: number;
  unread: number;
}

/** The caller's announcements (the live bridge refreshes the key on push 9060). */
export const inboxQuery = (unread: boolean) => ({
  queryKey: ['announcementInbox', unread] as const,
  queryFn: () => request<InboxAnswer>('user', 'announcement/inbox/list', { unread, page: 1, size: 50 }),
});

/**
 * The recipient's announcements: /AnnouncementListtc (the map layout's popup: the unread ones) and
 * /siteAnnouncement (the site's board: all published ones for me, unread first). Opening one
 * shows it whole and is its read receipt.
 */
export function AnnouncementInbox({ unreadOnly = false }: { unreadOnly?: boolean }) {
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery(unreadOnly));
  const [open, setOpen] = useState<InboxItem | null>(null);
  const rows = inbox.data?.rows ?? [];

  const openItem = async (item: InboxItem) => {
    setOpen(item);
    if (item.readAt) return;
    try {
      await request('user', 'announcement/read', { id: item.id }, { quiet: true, background: true });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['announcementInbox'] });
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid={unreadOnly ? 'announcement-popup' : 'announcement-board'}>
      <Group justify="space-between">
        <Title order={4}>{unreadOnly ? <Trans>未读公告</Trans> : <Trans>工地公告</Trans>}</Title>
        <Text size="sm" c="dimmed" data-testid="announcement-unread-count">
          <Trans>未读 {inbox.data?.unread ?? 0} 条</Trans>
        </Text>
      </Group>
      {inbox.isLoading ? (
        <Text size="sm" c="dimmed">
          <Trans>加载中…</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="announcement-empty">
          {unreadOnly ? <Trans>没有未读公告</Trans> : <Trans>暂无公告</Trans>}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="70vh">
          <Stack gap="xs">
            {rows.map((item) => (
              <Paper
                key={item.id}
                withBorder
                p="sm"
                style={{ cursor: 'pointer' }}
                onClick={() => void openItem(item)}
                data-testid="announcement-item"
                data-read={item.readAt ? 'true' : 'false'}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Indicator disabled={Boolean(item.readAt)} color="red" size={8} position="middle-start" offset={-8}>
                    <Text fw={item.readAt ? 400 : 600} lineClamp={1}>
                      {item.title}
                    </Text>
                  </Indicator>
                  <Badge color={LEVEL_COLOR[item.level] ?? 'blue'} variant="light">
                    {codeLabel(ANNOUNCEMENT_LEVEL_TABLE, item.level)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {item.content}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.publisherName ?? ''} · {formatDateCell(item.publishAt)}
                  {item.readAt ? '' : ' · '}
                  {item.readAt ? null : <Trans>未读</Trans>}
                </Text>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        size="lg"
        data-testid="announcement-detail"
      >
        <Stack gap="xs">
          <Group gap="xs">
            {open && (
              <Badge color={LEVEL_COLOR[open.level] ?? 'blue'} variant="light">
                {codeLabel(ANNOUNCEMENT_LEVEL_TABLE, open.level)}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {open?.publisherName ?? ''} · {open ? formatDateCell(open.publishAt) : ''}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{open?.content}</Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

export function AnnouncementPopupScreen() {
  return <AnnouncementInbox unreadOnly />;
}

export function SiteAnnouncementScreen() {
  return <AnnouncementInbox />;
}
