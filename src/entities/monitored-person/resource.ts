import { GENDER_TABLE, type CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';

/** Supervision level (console-core.md "Supervision level": 1 mild, 2 moderate, 3 severe). */
const SUPERVISION_LEVEL = { mild: 1, moderate: 2, severe: 3 } as const;
const SUPERVISION_LEVEL_TABLE: readonly CodeEntry<number>[] = [
  { value: SUPERVISION_LEVEL.mild, cn: '轻度', en: 'Mild' },
  { value: SUPERVISION_LEVEL.moderate, cn: '中度', en: 'Moderate' },
  { value: SUPERVISION_LEVEL.severe, cn: '重度', en: 'Severe' },
];

/** Crime type: the ten categories of docs/requirements/constants.md#crime-categories (1..10), 0 any other. */
const CRIME_OTHER = 0;
const CRIME_TYPE_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '危害国家安全罪', en: 'National security' },
  { value: 2, cn: '危害公共安全罪', en: 'Public safety' },
  { value: 3, cn: '破坏社会主义市场经济秩序罪', en: 'Economic order' },
  { value: 4, cn: '侵犯公民人身权利、民主权利罪', en: 'Personal rights' },
  { value: 5, cn: '侵犯财产罪', en: 'Property' },
  { value: 6, cn: '妨害社会管理秩序罪', en: 'Social order' },
  { value: 7, cn: '危害国防利益罪', en: 'National defence' },
  { value: 8, cn: '贪污贿赂罪', en: 'Embezzlement and bribery' },
  { value: 9, cn: '渎职罪', en: 'Dereliction of duty' },
  { value: 10, cn: '军人违反职责罪', en: 'Breach of soldier duty' },
  { value: CRIME_OTHER, cn: '其他', en: 'Other' },
];

/** Where the person's device is against their fence (computed from the evaluator's stored state). */
export const FENCE_PLACE = { unknown: 0, inside: 1, outside: 2 } as const;
export const FENCE_PLACE_TABLE: readonly CodeEntry<number>[] = [
  { value: FENCE_PLACE.unknown, cn: '无定位', en: 'No fix' },
  { value: FENCE_PLACE.inside, cn: '围栏内', en: 'Inside' },
  { value: FENCE_PLACE.outside, cn: '越界', en: 'Outside' },
];

/** The bracelet worn or taken off (a raised wearing condition of the device). */
export const WEARING_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '佩戴中', en: 'Worn' },
  { value: 0, cn: '已摘除', en: 'Removed' },
];

/** How a check-in came: the device reporting inside the daily window, or the supervisor at the console. */
export const CHECK_IN_SOURCE = { device: 1, console: 2 } as const;
export const CHECK_IN_SOURCE_TABLE: readonly CodeEntry<number>[] = [
  { value: CHECK_IN_SOURCE.device, cn: '设备签到', en: 'By the device' },
  { value: CHECK_IN_SOURCE.console, cn: '人工签到', en: 'At the console' },
];

/** The console check-in of a person by their supervisor (beyond the CRUD marks). */
export const PERSON_MARK_CHECK_IN = 'monitoredPerson:checkIn' as const;

/** Device kinds a person may wear. */
export const PERSON_DEVICE_KINDS = ['ankle', 'wristband', 'watch'] as const;

/** "HH:mm" of the daily check-in window. A birth date is YYYY-MM-DD text: the date fields take 2000-2100 only. */
const hhmm = { re: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'invalidInput' } as const;

const personFields: readonly FieldDef[] = [
  idField,
  {
    name: 'photo',
    label: /*i18n*/ { id: 'field.monitoredPerson.photo', message: '照片' },
    type: 'image',
    list: { width: 80 },
  },
  {
    name: 'name',
    label: /*i18n*/ { id: 'field.monitoredPerson.name', message: '姓名' },
    type: 'text',
    required: true,
    max: 50,
    keyword: true,
    filter: 'like',
    list: { width: 110, sortable: true },
  },
  {
    name: 'gender',
    label: /*i18n*/ { id: 'field.monitoredPerson.gender', message: '性别' },
    type: 'code',
    codes: GENDER_TABLE,
    filter: 'eq',
    list: { width: 70 },
  },
  { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', keyword: true, list: { width: 130 } },
  { name: 'email', label: /*i18n*/ { id: 'field.monitoredPerson.email', message: '邮箱' }, type: 'email', list: false },
  {
    name: 'idNumber',
    label: /*i18n*/ { id: 'field.monitoredPerson.idNumber', message: '身份证号' },
    type: 'text',
    max: 18,
    pattern: { re: /^(\d{15}|\d{17}[\dXx])$/, message: 'idNumberInvalid' },
    list: { width: 170 },
  },
  {
    name: 'height',
    label: /*i18n*/ { id: 'field.monitoredPerson.height', message: '身高(cm)' },
    type: 'integer',
    min: 50,
    max: 250,
    list: false,
  },
  {
    name: 'weight',
    label: /*i18n*/ { id: 'field.monitoredPerson.weight', message: '体重(kg)' },
    type: 'decimal',
    min: 20,
    max: 300,
    list: false,
  },
  {
    name: 'birthDate',
    label: /*i18n*/ { id: 'field.monitoredPerson.birthDate', message: '出生日期' },
    type: 'text',
    max: 10,
    pattern: { re: /^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, message: 'invalidInput' },
    personal: 'date',
    list: false,
  },
  {
    name: 'nativePlace',
    label: /*i18n*/ { id: 'field.monitoredPerson.nativePlace', message: '籍贯' },
    type: 'text',
    max: 100,
    list: false,
  },
  {
    name: 'nationality',
    label: /*i18n*/ { id: 'field.monitoredPerson.nationality', message: '民族/国籍' },
    type: 'text',
    max: 50,
    // An ethnic group is special-category data.
    personal: 'special',
    list: false,
  },
  {
    name: 'supervisorId',
    label: /*i18n*/ { id: 'field.monitoredPerson.supervisor', message: '监管人/监护人' },
    type: 'ref',
    ref: { kind: 'user', resource: 'user', labelField: 'name' },
    required: true,
    filter: 'eq',
    list: { width: 120 },
  },
  {
    name: 'level',
    label: /*i18n*/ { id: 'field.monitoredPerson.level', message: '监管等级' },
    type: 'code',
    codes: SUPERVISION_LEVEL_TABLE,
    required: true,
    filter: 'eq',
    list: { width: 90, sortable: true },
  },
  {
    name: 'crimeType',
    label: /*i18n*/ { id: 'field.monitoredPerson.crimeType', message: '犯罪类型' },
    type: 'code',
    codes: CRIME_TYPE_TABLE,
    required: true,
    filter: 'eq',
    personal: 'special',
    list: { width: 160 },
  },
  {
    name: 'reason',
    label: /*i18n*/ { id: 'field.monitoredPerson.reason', message: '监管原因' },
    type: 'textarea',
    max: 500,
    // Restates the offence ("盗窃罪，社区矫正"): as special as crimeType.
    personal: 'special',
    list: false,
  },
  {
    name: 'startDate',
    label: /*i18n*/ { id: 'field.monitoredPerson.startDate', message: '监管开始' },
    type: 'date',
    required: true,
    filter: 'range',
    list: { width: 110, sortable: true },
  },
  {
    name: 'endDate',
    label: /*i18n*/ { id: 'field.monitoredPerson.endDate', message: '监管结束' },
    type: 'date',
    required: true,
    list: { width: 110, sortable: true },
  },
  {
    name: 'emergencyName',
    label: /*i18n*/ { id: 'field.monitoredPerson.emergencyName', message: '紧急联系人' },
    type: 'text',
    max: 50,
    list: false,
  },
  {
    name: 'emergencyPhone',
    label: /*i18n*/ { id: 'field.monitoredPerson.emergencyPhone', message: '紧急联系人电话' },
    type: 'phone',
    list: false,
  },
  {
    name: 'emergencyAddress',
    label: /*i18n*/ { id: 'field.monitoredPerson.emergencyAddress', message: '紧急联系人地址' },
    type: 'text',
    max: 200,
    personal: 'address',
    list: false,
  },
  {
    name: 'deviceId',
    label: /*i18n*/ { id: 'field.monitoredPerson.device', message: '脚环/手环' },
    type: 'ref',
    ref: { kind: 'device', resource: 'device', labelField: 'imei' },
    filter: 'eq',
    list: { width: 160 },
  },
  {
    name: 'fenceId',
    label: /*i18n*/ { id: 'field.monitoredPerson.fence', message: '监管围栏' },
    type: 'ref',
    ref: { kind: 'device', resource: 'fence', labelField: 'name' },
    filter: 'eq',
    list: { width: 130 },
  },
  {
    name: 'checkInStart',
    label: /*i18n*/ { id: 'field.monitoredPerson.checkInStart', message: '签到开始' },
    type: 'text',
    max: 5,
    pattern: hhmm,
    list: false,
  },
  {
    name: 'checkInEnd',
    label: /*i18n*/ { id: 'field.monitoredPerson.checkInEnd', message: '签到截止' },
    type: 'text',
    max: 5,
    pattern: hhmm,
    list: false,
  },
  // Computed (server.ts): the device's place against the fence, battery, wearing, today's check-in.
  {
    name: 'fencePlace',
    label: /*i18n*/ { id: 'field.monitoredPerson.fencePlace', message: '围栏状态' },
    type: 'code',
    codes: FENCE_PLACE_TABLE,
    form: false,
    list: { width: 90 },
  },
  {
    name: 'battery',
    label: /*i18n*/ { id: 'field.monitoredPerson.battery', message: '电量' },
    type: 'integer',
    form: false,
    list: { width: 80 },
  },
  {
    name: 'wearing',
    label: /*i18n*/ { id: 'field.monitoredPerson.wearing', message: '佩戴状态' },
    type: 'code',
    codes: WEARING_TABLE,
    form: false,
    list: { width: 90 },
  },
  {
    name: 'lastCheckInAt',
    label: /*i18n*/ { id: 'field.monitoredPerson.lastCheckInAt', message: '最近签到' },
    type: 'datetime',
    form: false,
    list: { width: 160 },
  },
  {
    name: 'lastCheckInDay',
    label: /*i18n*/ { id: 'field.monitoredPerson.lastCheckInDay', message: '最近签到日' },
    type: 'text',
    form: false,
    list: false,
  },
  {
    name: 'checkedIn',
    label: /*i18n*/ { id: 'field.monitoredPerson.checkedIn', message: '今日签到' },
    type: 'boolean',
    form: false,
    list: { width: 90 },
  },
  tenantField,
  createdAtField,
];

/**
 * /regulatoryList and /regulatoryUser: monitored persons (console-core.md "Monitored person")
 * with their bracelet and the electronic fence they must stay in. Binding a person assigns the
 * device to the fence, so the fence evaluator watches it and its exits, removals and low battery
 * reach the supervisor (src/server/supervision/). Personal data is masked for users without the
 * list's menu; every view of a record is audited.
 */
const monitoredPerson: ResourceDef = {
  kind: 'user',
  name: 'monitoredPerson',
  label: /*i18n*/ { id: 'resource.monitoredPerson', message: '监管人员' },
  routes: ['regulatoryList', 'regulatoryUser'],
  tenantScoped: true,
  mark: 'monitoredPerson',
  defaultSort: { field: 'id', order: 'desc' },
  fields: personFields,
};

export default monitoredPerson;
