import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /cardAdd (and the cards tab of /rightsManagement): IC cards issued at a door unit. The console
 * arms the unit for a resident (`armCard`), the unit reports the card (`card`, pushed as 5084), and
 * the service binds it to the resident with a right on the unit's door units (./routes.ts).
 * Revoking (or deleting) a card pushes the lists again: the units drop it.
 */
const accessCard: ResourceDef = {
  kind: 'user',
  name: 'accessCard',
  label: /*i18n*/ { id: 'resource.accessCard', message: '门禁卡' },
  routes: ['cardAdd', 'rightsManagement'],
  tenantScoped: true,
  mark: 'accessCard',
  actions: ['delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'cardNo',
      label: /*i18n*/ { id: 'field.accessCard.cardNo', message: '卡号' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'residentId',
      label: /*i18n*/ { id: 'field.resident', message: '住户' },
      type: 'ref',
      ref: { kind: 'user', resource: 'resident', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'deviceId',
      label: /*i18n*/ { id: 'field.accessCard.device', message: '发卡门口机' },
      type: 'ref',
      ref: { kind: 'device', resource: 'device', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'rightId',
      label: /*i18n*/ { id: 'resource.accessRight', message: '门禁权限' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'revoked',
      label: /*i18n*/ { id: 'field.accessRight.revoked', message: '已撤销' },
      type: 'boolean',
      form: false,
      filter: 'eq',
      list: { width: 80 },
    },
    tenantField,
    createdAtField,
  ],
};

export default accessCard;
