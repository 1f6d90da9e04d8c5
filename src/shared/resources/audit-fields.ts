import type { FieldDef } from './types';

// Both logs (src/entities/sign-in-audit's and src/entities/audit-log's) are ordered and filtered by when it happened.
export const atField: FieldDef = {
  name: 'at',
  label: /*i18n*/ { id: 'field.audit.at', message: '时间' },
  type: 'datetime',
  form: false,
  filter: 'range',
  list: { width: 170, sortable: true },
};
