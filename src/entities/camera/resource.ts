import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A camera's state as last seen by its check or its bridge (src/server/media/camera-bridge.ts). */
const CAMERA_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: 0, cn: '未检测', en: 'Not checked' },
  { value: 1, cn: '在线', en: 'Online' },
  { value: 2, cn: '离线', en: 'Offline' },
];

/** Stream URLs ffmpeg opens as a camera: RTSP (IP cameras, NVRs) or an HTTP(S) stream. */
const CAMERA_URL_RE = /^(rtsps?|https?):\/\/[^\s/?#]+(\/[^\s]*)?$/i;

/** The wall's routes (docs/requirements/realtime-video.md#video-monitors); `monitor` is the home of the marks. */
export const CAMERA_ROUTES = [
  'monitor',
  'jzvideo',
  'videoMonitoring',
  'monitoringVideo',
  'vedio',
  'index4video',
  'index4video_baba',
] as const;

/**
 * Turning a device's camera on from the wall (camera/watchDevice): the device publishes without a
 * sign on its screen, so it is a button of its own, not the wall's menu.
 */
export const CAMERA_MARK_WATCH_DEVICE = 'camera:watchDevice' as const;

/**
 * IP cameras on the monitoring wall, added by their stream URL. The password in a URL is never
 * sent back: lists and exports show `****`, and saving a URL that still holds `****` keeps the
 * stored password (src/entities/camera/server.ts).
 */
const camera: ResourceDef = {
  kind: 'device',
  name: 'camera',
  label: /*i18n*/ { id: 'resource.camera', message: '摄像头' },
  routes: CAMERA_ROUTES,
  tenantScoped: true,
  mark: 'camera',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.camera.name', message: '摄像头名称' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'url',
      label: /*i18n*/ { id: 'field.camera.url', message: '视频流地址' },
      type: 'text',
      required: true,
      max: 500,
      pattern: { re: CAMERA_URL_RE, message: 'cameraUrl' },
      list: { width: 280 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.camera.imei', message: '关联设备IMEI' },
      type: 'text',
      max: 20,
      keyword: true,
      filter: 'like',
      list: { width: 160 },
    },
    {
      name: 'location',
      label: /*i18n*/ { id: 'field.camera.location', message: '安装位置' },
      type: 'text',
      max: 100,
      keyword: true,
      list: { width: 160 },
    },
    {
      name: 'enabled',
      label: /*i18n*/ { id: 'field.camera.enabled', message: '启用' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80, sortable: true },
    },
    {
      name: 'state',
      label: /*i18n*/ { id: 'field.camera.state', message: '在线状态' },
      type: 'code',
      codes: CAMERA_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'lastError',
      label: /*i18n*/ { id: 'field.camera.lastError', message: '最近错误' },
      type: 'text',
      form: false,
      list: { width: 220 },
    },
    {
      name: 'checkedAt',
      label: /*i18n*/ { id: 'field.camera.checkedAt', message: '检测时间' },
      type: 'datetime',
      form: false,
      list: { width: 170, sortable: true },
    },
    tenantField,
    createdAtField,
  ],
};

export default camera;
