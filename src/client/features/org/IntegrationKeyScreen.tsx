import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import integrationKey, { keyMayHoldMark } from '../../../entities/integration-key/resource';
import { RESOURCE_TYPE } from '../../../shared/session';
import { ModalFooter } from '../../components/ModalFooter';
import { TreeList } from '../../components/TreeList';
import { useLang } from '../../i18n/useLang';
import { request } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, resourceTreeQuery, type RoleTreeNode, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { toTreeNodes, withAncestors } from './catalogTree';
import { confirmDanger } from '../../components/ConfirmDanger';

/** The catalogue without the buttons no key may hold (the service refuses them: keyMayHoldMark). */
function grantable(tree: readonly RoleTreeNode[]): RoleTreeNode[] {
  return tree.filter((n) => !n.mark || keyMayHoldMark(n.mark)).map((n) => ({ ...n, list: grantable(n.list ?? []) }));
}

/** The catalogue's menus and directories only: what lets a key read, none of the buttons that change or start something. */
function menusOnly(tree: readonly RoleTreeNode[]): RoleTreeNode[] {
  return tree.filter((n) => n.type !== RESOURCE_TYPE.button).map((n) => ({ ...n, list: menusOnly(n.list ?? []) }));
}

const idsOf = (tree: readonly RoleTreeNode[]): number[] => tree.flatMap((n) => [n.id, ...idsOf(n.list ?? [])]);

type KeyAnswer = Row & { key: string };

/**
 * /integrationKeyList: the generic list of keys plus what it cannot do: creating a key with its
 * scopes picked on the role editor's tree, showing the secret once, rotating and revoking.
 */
export function IntegrationKeyScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [scopesOf, setScopesOf] = useState<Row | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ path, id }: { path: 'revoke' | 'rotate'; id: number }) =>
      request<KeyAnswer>('user', `integrationKey/${path}`, { id }, { showMessage: true }),
    onSuccess: async (row) => {
      await invalidateResource(queryClient, 'integrationKey');
      if (row?.key) setSecret(row.key);
    },
  });
  const live = (row: Row) => !row.revokedAt;

  return (
    <>
      <ResourceScreen
        def={integrationKey}
        {...props}
        toolbar={() =>
          hasMark('integrationKey:add') && (
            <Button onClick={() => setCreating(true)} data-testid="integration-key-add">
              <Trans>新建密钥</Trans>
            </Button>
          )
        }
        rowActions={[
          { id: 'scopes', title: t`权限范围`, mark: 'integrationKey:update', visible: live, run: setScopesOf },
          {
            id: 'rotate',
            title: t`轮换`,
            mark: 'integrationKey:rotate',
            color: 'orange',
            visible: live,
            run: (row) =>
              void confirmDanger({
                message: t`轮换后旧密钥立即失效，确定继续吗？`,
                confirmLabel: t`轮换`,
              }).then((ok) => ok && act.mutate({ path: 'rotate', id: row.id })),
          },
          {
            id: 'revoke',
            title: t`吊销`,
            mark: 'integrationKey:revoke',
            color: 'red',
            visible: live,
            run: (row) =>
              void confirmDanger({
                message: t`吊销后该密钥的下一次调用即被拒绝，且无法恢复。确定吊销吗？`,
                confirmLabel: t`吊销`,
              }).then((ok) => ok && act.mutate({ path: 'revoke', id: row.id })),
          },
        ]}
      />
      {creating && <CreateKeyModal onClose={() => setCreating(false)} onCreated={setSecret} />}
      {scopesOf && <ScopesModal key={scopesOf.id} row={scopesOf} onClose={() => setScopesOf(null)} />}
      {secret && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
    </>
  );
}

/**
 * The scopes on the role editor's tree. "Read only" hides the buttons, so that ticking a menu
 * grants reading it and nothing else (with the buttons shown, a menu ticks all of its buttons).
 */
function ScopeTree({ checked, onChange }: { checked: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const tree = useQuery(resourceTreeQuery());
  const [readOnly, setReadOnly] = useState(false);
  if (tree.isPending)
    return (
      <Group justify="center">
        <Loader size="sm" />
      </Group>
    );
  const all = grantable(tree.data ?? []);
  const nodes = readOnly ? menusOnly(all) : all;
  const toggle = (on: boolean) => {
    setReadOnly(on);
    if (!on) return;
    const kept = new Set(idsOf(menusOnly(all)));
    onChange(checked.filter((id) => kept.has(id)));
  };
  return (
    <Stack gap="xs">
      <Switch
        label={t`只读：只授予菜单（查看），不授予新增、修改、删除、指令等按钮`}
        checked={readOnly}
        onChange={(e) => toggle(e.currentTarget.checked)}
        data-testid="integration-key-read-only"
      />
      <ScrollArea.Autosize mah="45vh" data-testid="integration-key-scopes">
        <TreeList
          nodes={toTreeNodes(nodes, lang)}
          selectable
          checked={checked}
          onCheckedChange={(ids) => onChange(withAncestors(nodes, ids))}
          defaultExpanded="all"
        />
      </ScrollArea.Autosize>
    </Stack>
  );
}

function CreateKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [addresses, setAddresses] = useState('');
  const [scopes, setScopes] = useState<number[]>([]);
  const save = useMutation({
    mutationFn: () =>
      request<KeyAnswer>(
        'user',
        'integrationKey/add',
        {
          name,
          resourceIds: scopes,
          expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
          allowedAddresses: addresses || null,
        },
        { showMessage: true },
      ),
    onSuccess: async (row) => {
      await invalidateResource(queryClient, 'integrationKey');
      onClose();
      onCreated(row.key);
    },
  });
  return (
    <Modal opened onClose={onClose} title={t`新建集成密钥`} size="lg" centered>
      <Stack>
        <TextInput
          label={t`名称`}
          required
          maxLength={64}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="integration-key-name"
        />
        <TextInput
          type="datetime-local"
          label={t`过期时间(空为永不过期)`}
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.currentTarget.value)}
        />
        <Textarea
          label={t`允许的来源地址(IP/CIDR，空为不限)`}
          placeholder="203.0.113.7, 10.0.0.0/8"
          minRows={2}
          value={addresses}
          onChange={(e) => setAddresses(e.currentTarget.value)}
        />
        <Text size="sm" fw={500}>
          <Trans>权限范围：只能授予您自己拥有的菜单和按钮</Trans>
        </Text>
        <ScopeTree checked={scopes} onChange={setScopes} />
        <ModalFooter
          onCancel={onClose}
          loading={save.isPending}
          disabled={!name.trim()}
          onClick={() => save.mutate()}
          data-testid="integration-key-save"
        >
          <Trans>创建</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

function ScopesModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [scopes, setScopes] = useState<number[]>((row.resourceIds as number[] | undefined) ?? []);
  const save = useMutation({
    mutationFn: () =>
      request('user', 'integrationKey/update', { id: row.id, resourceIds: scopes }, { showMessage: true }),
    onSuccess: async () => {
      await invalidateResource(queryClient, 'integrationKey');
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t`权限范围`} size="lg" centered>
      <Stack>
        <ScopeTree checked={scopes} onChange={setScopes} />
        <ModalFooter onCancel={onClose} loading={save.isPending} onClick={() => save.mutate()}>
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

/** The key, once: the service keeps only its hash and never answers it again. */
function SecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened onClose={onClose} title={t`集成密钥`} size="lg" centered closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" title={t`请立即复制并妥善保存`}>
          <Trans>关闭此窗口后将无法再次查看该密钥。丢失后只能轮换生成新密钥。</Trans>
        </Alert>
        <Code block data-testid="integration-key-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          <Trans>调用时在请求头 Authorization 中发送 Bearer 加上该密钥</Trans>
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy} data-testid="integration-key-copy">
                {copied ? t`已复制` : t`复制`}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            <Trans>我已保存</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
