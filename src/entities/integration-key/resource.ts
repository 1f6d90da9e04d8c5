import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /integrationKeyList 集成密钥: API keys another program calls the API with (`Authorization:
 * Bearer ik_<prefix>_<secret>`, docs/integrations.md "Integration keys"). Each key acts as its own
 * user of the tenant (kind `integration`) whose role holds exactly the key's scopes, so every
 * guard of the API applies to it unchanged. The secret is answered once by `add` and `rotate`
 * and stored as its SHA-256 only; no answer carries either.
 */
const integrationKey: ResourceDef = {
  kind: 'user',
  name: 'integrationKey',
  label: /*i18n*/ { id: 'resource.integrationKey', message: '集成密钥' },
  routes: ['integrationKeyList'],
  tenantScoped: true,
  mark: 'integrationKey',
  defaultSort: { field: 'id', order: 'desc' },
  // `add` is the folder's own route (routes.ts): it answers the secret, which the generic add cannot.
  actions: ['update', 'delete', 'export'],
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'prefix',
      label: /*i18n*/ { id: 'field.integrationKey.prefix', message: '密钥前缀' },
      type: 'text',
      form: false,
      filter: 'eq',
      list: { width: 200 },
    },
    {
      name: 'resourceIds',
      label: /*i18n*/ { id: 'field.integrationKey.scopes', message: '权限范围' },
      type: 'refs',
      ref: { kind: 'user', resource: 'resource', labelField: 'name' },
      list: { width: 240, hidden: true },
    },
    {
      name: 'expiresAt',
      label: /*i18n*/ { id: 'field.integrationKey.expiresAt', message: '过期时间(空为永不过期)' },
      type: 'datetime',
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'allowedAddresses',
      label: /*i18n*/ { id: 'field.integrationKey.allowedAddresses', message: '允许的来源地址(IP/CIDR，空为不限)' },
      type: 'textarea',
      max: 2000,
      list: { width: 200 },
    },
    {
      name: 'revokedAt',
      label: /*i18n*/ { id: 'field.integrationKey.revokedAt', message: '吊销时间' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    {
      name: 'lastUsedAt',
      label: /*i18n*/ { id: 'field.integrationKey.lastUsedAt', message: '最近使用时间' },
      type: 'datetime',
      form: false,
      list: { width: 170, sortable: true },
    },
    {
      name: 'lastUsedIp',
      label: /*i18n*/ { id: 'field.integrationKey.lastUsedIp', message: '最近使用地址' },
      type: 'text',
      form: false,
      list: { width: 140 },
    },
    {
      name: 'creatorName',
      label: /*i18n*/ { id: 'field.integrationKey.creator', message: '创建人' },
      type: 'text',
      form: false,
      list: { width: 120, hidden: true },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: 'add',
      filter: 'eq',
      list: { width: 160 },
    },
    createdAtField,
  ],
};

/**
 * Marks of the entities no integration key holds, whoever creates it: a key administers no
 * accounts, roles, tenants, permission catalogue or keys (docs/integrations.md "Scopes"). The
 * service refuses them when a key is given its scopes and again on every request a key makes.
 */
const KEY_FORBIDDEN_MARK_ENTITIES: readonly string[] = ['integrationKey', 'user', 'role', 'tenant', 'resource'];

/** Whether an integration key may hold (and use) a button mark. */
export const keyMayHoldMark = (mark: string): boolean =>
  !KEY_FORBIDDEN_MARK_ENTITIES.includes(mark.split(':')[0] ?? '');

export default integrationKey;
