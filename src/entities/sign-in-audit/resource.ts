import type { CodeEntry } from '../../shared/codes';
import { atField } from '../../shared/resources/audit-fields';
import { idField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const SIGN_IN_OUTCOME_TABLE: readonly CodeEntry<string>[] = [
  { value: 'failed', cn: '失败', en: 'Failed' },
  { value: 'throttled', cn: '已限流', en: 'Throttled' },
];

const SIGN_IN_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'password', cn: '密码登录', en: 'Password' },
  { value: 'sms', cn: '短信登录', en: 'SMS code' },
  { value: 'smsSend', cn: '发送验证码', en: 'Code sent' },
];

/**
 * /tables: sign-in attempts that failed or were throttled, across the platform (docs/security.md
 * "throttling"). Only super administrators see rows; the account tried is shown, never a secret.
 */
const signInAuditResource: ResourceDef = {
  kind: 'user',
  name: 'signInAudit',
  label: /*i18n*/ { id: 'resource.signInAudit', message: '登录审计' },
  routes: ['tables'],
  tenantScoped: false,
  privateRows: true,
  mark: 'audit',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['export'],
  fields: [
    idField,
    atField,
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.signIn.kind', message: '方式' },
      type: 'code',
      codes: SIGN_IN_KIND_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'account',
      label: /*i18n*/ { id: 'field.signIn.account', message: '账号' },
      type: 'text',
      form: false,
      filter: 'like',
      keyword: true,
      list: { width: 160, sortable: true },
    },
    {
      name: 'address',
      label: /*i18n*/ { id: 'field.signIn.address', message: '来源地址' },
      type: 'text',
      form: false,
      filter: 'eq',
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'outcome',
      label: /*i18n*/ { id: 'field.signIn.outcome', message: '结果' },
      type: 'code',
      codes: SIGN_IN_OUTCOME_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
  ],
};

export default signInAuditResource;
