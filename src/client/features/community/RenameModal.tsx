import { useState } from 'react';
import { Alert, Modal, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseNamingRule } from '../../../shared/community-naming';
import { serverMessage } from '../../i18n/serverMessages';
import { request } from '../../lib/request';
import type { Row } from '../resources/resources.queries';
import { refreshCommunity } from './community.api';
import { DataTable, type Column } from '../../components/DataTable';
import { ModalFooter } from '../../components/ModalFooter';

const PAGE = 10;

interface Change {
  id: number;
  from: string;
  to: string;
}

interface Preview {
  total: number;
  changes: Change[];
}

/** A rename of the preview: old name, new name. */
const CHANGE_COLUMNS: Column<Change>[] = [
  { id: 'from', name: 'from', title: <Trans>原名称</Trans>, width: 200 },
  { id: 'to', name: 'to', title: <Trans>新名称</Trans>, width: 200 },
];

/** A new naming rule for a community: the renames it would make (old → new, paged, with the count), then applied in one go. */
export function RenameModal({ community, onClose }: { community: Row | null; onClose: () => void }) {
  return (
    <Modal
      opened={Boolean(community)}
      onClose={onClose}
      size="lg"
      title={<Trans>修改命名规则</Trans>}
      data-testid="rename-modal"
    >
      {community && <Body key={community.id} community={community} onDone={onClose} />}
    </Modal>
  );
}

function Body({ community, onDone }: { community: Row; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [rule, setRule] = useState(String(community.namingRule ?? ''));
  const [debounced] = useDebouncedValue(rule, 300);
  const [page, setPage] = useState(1);
  const parsed = parseNamingRule(debounced);
  const preview = useQuery({
    queryKey: ['community', 'renamePreview', community.id, debounced, page],
    queryFn: () =>
      request<Preview>('user', 'community/renamePreview', {
        id: community.id,
        namingRule: debounced,
        offset: (page - 1) * PAGE,
        limit: PAGE,
      }),
    enabled: parsed.ok,
  });
  const apply = useMutation({
    mutationFn: () =>
      request<{ renamed: number }>(
        'user',
        'community/rename',
        { id: community.id, namingRule: debounced },
        { showMessage: true },
      ),
    onSuccess: async () => {
      await refreshCommunity(queryClient);
      onDone();
    },
  });
  const total = preview.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <TextInput
        label={t`新的命名规则`}
        value={rule}
        onChange={(e) => {
          setRule(e.currentTarget.value);
          setPage(1);
        }}
        error={parsed.ok ? undefined : serverMessage(parsed.key, parsed.key)}
        data-testid="rename-rule"
      />
      {parsed.ok && preview.data && (
        <>
          <Text size="sm" data-testid="rename-count">
            {t`将重命名 ${total} 个房间`}
          </Text>
          {total > 0 && (
            <DataTable<Change> columns={CHANGE_COLUMNS} rows={preview.data.changes} compact testId="rename-preview" />
          )}
          {total > PAGE && <Pagination size="sm" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />}
        </>
      )}
      {apply.isError && <Alert color="red">{String(apply.error.message)}</Alert>}
      <ModalFooter
        onCancel={onDone}
        onClick={() => apply.mutate()}
        loading={apply.isPending}
        disabled={!parsed.ok || rule !== debounced || !preview.data}
        data-testid="rename-apply"
      >
        <Trans>应用</Trans>
      </ModalFooter>
    </Stack>
  );
}
