import { useState, type ReactNode } from 'react';
import { Alert, Drawer, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { RequestError, toast } from '../lib/request';
import { DataTable, type Column } from './DataTable';
import { ModalFooter } from './ModalFooter';

/**
 * A stock ledger's two pieces, shared by every stock the console keeps (the product library's SKUs,
 * the site's warehouse items): the modal that records a movement, and the drawer that lists an
 * item's movements, newest first. The stock's own fields, units and wording stay with its screen.
 */

interface MoveModalProps {
  opened: boolean;
  /** Closes the modal; the screen resets its fields here. */
  onClose: () => void;
  title: ReactNode;
  /** The item and its current balance, above the fields. */
  summary: ReactNode;
  /** The movement's fields. */
  children: ReactNode;
  testIds: { modal: string; submit: string; error: string };
  /** Checks the fields (showing their errors); false stops the submit. */
  validate: () => boolean;
  /** Sends the movement; its answer goes to `done`. */
  send: () => Promise<unknown>;
  /** After a movement was stored: the toast's text, and what to refresh. */
  done: { message: (answer: unknown) => string; refresh: () => Promise<unknown> };
  /** The message for a refusal by its key (e.g. the balance would go below zero); else the server's message. */
  refused: (key: string | undefined) => string | undefined;
}

/** Records one movement: the fields, a refusal in place, Cancel and OK. */
export function MoveModal(p: MoveModalProps) {
  const [error, setError] = useState<{ message?: string; key?: string }>({});
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError({});
    p.onClose();
  };
  const submit = async () => {
    if (!p.validate()) {
      setError({});
      return;
    }
    setBusy(true);
    try {
      const answer = await p.send();
      toast('success', p.done.message(answer));
      await p.done.refresh();
      close();
    } catch (e) {
      const key = e instanceof RequestError ? e.key : undefined;
      setError({ key, message: p.refused(key) ?? (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={p.opened} onClose={close} title={p.title} data-testid={p.testIds.modal}>
      <Stack gap="sm">
        <Text size="sm">{p.summary}</Text>
        {p.children}
        {error.message && (
          <Alert color="red" data-testid={p.testIds.error} data-key={error.key}>
            {error.message}
          </Alert>
        )}
        <ModalFooter onCancel={close} loading={busy} onClick={() => void submit()} data-testid={p.testIds.submit}>
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

interface LedgerColumn<M> {
  title: ReactNode;
  cell: (m: M) => ReactNode;
  color?: (m: M) => MantineColor | undefined;
}

interface MovementsDrawerProps<M extends { id: number }> {
  /** Open while set: the movements of this item. */
  itemId: number | undefined;
  onClose: () => void;
  title: ReactNode;
  subtitle: ReactNode;
  queryKey: QueryKey;
  load: (id: number) => Promise<{ rows: M[] }>;
  /** What the drawer says when the item has no movement yet. */
  empty: ReactNode;
  columns: LedgerColumn<M>[];
  testIds: { drawer: string; row: string };
  size?: string;
}

/** An item's movements, newest first, as the server keeps them. */
export function MovementsDrawer<M extends { id: number }>(p: MovementsDrawerProps<M>) {
  const movements = useQuery({
    queryKey: p.queryKey,
    queryFn: () => p.load(p.itemId!),
    enabled: p.itemId !== undefined,
  });
  const rows = movements.data?.rows ?? [];
  const columns: Column<M>[] = p.columns.map((c, i) => ({
    id: `c${i}`,
    name: `c${i}`,
    title: c.title,
    render: (m) => {
      const color = c.color?.(m);
      return color ? (
        <Text span inherit c={color}>
          {c.cell(m)}
        </Text>
      ) : (
        c.cell(m)
      );
    },
  }));
  return (
    <Drawer
      opened={p.itemId !== undefined}
      onClose={p.onClose}
      position="right"
      size={p.size ?? 'lg'}
      title={p.title}
      data-testid={p.testIds.drawer}
    >
      <Text size="sm" mb="sm">
        {p.subtitle}
      </Text>
      {movements.isLoading ? (
        <Text size="sm" c="dimmed">
          <Trans>加载中…</Trans>
        </Text>
      ) : (
        <DataTable<M>
          columns={columns}
          rows={rows}
          compact
          empty={p.empty}
          rowOptions={() => ({ attrs: { 'data-testid': p.testIds.row } })}
        />
      )}
    </Drawer>
  );
}
