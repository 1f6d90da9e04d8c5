import { useState } from 'react';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { request, toast } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { refOptionsQuery } from '../resources/resources.queries';
import { ModalFooter } from '../../components/ModalFooter';

/** The service's limit of a request's title (src/entities/approval/routes.ts). */
const REQUEST_TITLE_MAX = 200;

/**
 * 提交申请: a request of kind 'other' (anything that is neither leave nor an announcement) on an
 * approval node of the company, the signed-in user as applicant; the first level's approvers are
 * told at once (push 9050).
 */
export function SubmitRequestDialog({
  opened,
  onClose,
  onSubmitted,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { t } = useLingui();
  const nodes = useQuery({ ...refOptionsQuery({ kind: 'user', resource: 'approvalNode' }), enabled: opened });
  const [nodeId, setNodeId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const errors = useFormErrors<'node' | 'title'>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setNodeId(null);
    setTitle('');
    errors.reset();
    onClose();
  };

  const submit = async () => {
    const invalid = errors.show({
      node: nodeId ? undefined : t`请选择审批节点`,
      title: title.trim() ? undefined : t`请输入申请事项`,
    });
    if (invalid) return;
    setBusy(true);
    try {
      await request('user', 'approval/submit', { nodeId: Number(nodeId), title: title.trim() }, { quiet: true });
      toast('success', t`申请已提交`);
      onSubmitted();
      close();
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t`提交申请`}>
      <Stack>
        <TextInput
          label={t`申请事项`}
          withAsterisk
          value={title}
          maxLength={REQUEST_TITLE_MAX}
          error={errors.text('title')}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-testid="request-title"
        />
        <Select
          label={t`审批节点`}
          withAsterisk
          searchable
          data={(nodes.data ?? []).map((n) => ({ value: String(n.id), label: String(n.name ?? n.id) }))}
          value={nodeId}
          error={errors.text('node')}
          onChange={setNodeId}
          nothingFoundMessage={t`无数据`}
          data-testid="request-node"
        />
        <ModalFooter onCancel={close} loading={busy} onClick={() => void submit()} data-testid="request-submit">
          <Trans>提交</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
