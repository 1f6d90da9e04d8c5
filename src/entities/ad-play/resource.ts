import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * The door units' play reports (`adPlay` uplinks) on /advertisingdistribution: one row per play,
 * filtered by ad, unit and date, exported; the per-ad and per-unit sums come from
 * `POST /api/user/advertisement/plays/stats`.
 */
const adPlay: ResourceDef = {
  kind: 'user',
  name: 'adPlay',
  label: /*i18n*/ { id: 'resource.adPlay', message: '广告播放记录' },
  routes: ['advertisingdistribution'],
  tenantScoped: true,
  mark: 'adPlay',
  actions: ['export'],
  defaultSort: { field: 'startedAt', order: 'desc' },
  fields: [
    idField,
    {
      name: 'adId',
      label: /*i18n*/ { id: 'field.adPlay.adId', message: '广告' },
      type: 'ref',
      ref: { kind: 'user', resource: 'advertisement', labelField: 'title' },
      form: false,
      filter: 'eq',
      list: { width: 180 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.adPlay.imei', message: '门口机IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 170, sortable: true },
    },
    {
      name: 'startedAt',
      label: /*i18n*/ { id: 'field.adPlay.startedAt', message: '开始播放' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'seconds',
      label: /*i18n*/ { id: 'field.adPlay.seconds', message: '播放秒数' },
      type: 'integer',
      form: false,
      filter: 'range',
      list: { width: 100, sortable: true },
    },
    tenantField,
    createdAtField,
  ],
};

export default adPlay;
