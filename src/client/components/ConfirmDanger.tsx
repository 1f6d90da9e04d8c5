import { useEffect, useId, useSyncExternalStore } from 'react';
import { Modal, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ModalFooter } from './ModalFooter';

interface ConfirmRequest {
  title?: string;
  message: string;
  confirmLabel?: string;
}

interface Pending extends ConfirmRequest {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const hosts: string[] = [];
const emit = () => listeners.forEach((l) => l());

/**
 * Asks before a delete, unbind, recycle or close action (docs/requirements/validation.md#deletes-and-confirmation);
 * resolves true on confirm. A ConfirmHost must be mounted (every DataTable mounts one): with none,
 * nothing can ask, so the answer is "no" at once, and no question is left to show up later over
 * whatever screen mounts a host next.
 */
export function confirmDanger(request: ConfirmRequest): Promise<boolean> {
  if (hosts.length === 0) return Promise.resolve(false);
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...request, resolve };
    emit();
  });
}

function settle(ok: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(ok);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the pending confirmation; of several mounted hosts only the first one shows it. */
export function ConfirmHost() {
  const { t } = useLingui();
  const id = useId();
  useEffect(() => {
    hosts.push(id);
    emit();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      // The screen that asked is gone (the user navigated away): its question is answered "no",
      // not shown later over another screen.
      if (hosts.length === 0 && pending) settle(false);
      else emit();
    };
  }, [id]);
  const request = useSyncExternalStore(subscribe, () => pending);
  const active = useSyncExternalStore(subscribe, () => hosts[0] === id);
  if (!active) return null;
  return (
    <Modal
      opened={Boolean(request)}
      onClose={() => settle(false)}
      title={request?.title ?? t`操作确认`}
      centered
      size="sm"
    >
      <Text size="sm">{request?.message}</Text>
      <ModalFooter
        onCancel={() => settle(false)}
        mt="lg"
        color="red"
        onClick={() => settle(true)}
        data-testid="confirm-danger"
      >
        {request?.confirmLabel ?? t`确定`}
      </ModalFooter>
    </Modal>
  );
}
