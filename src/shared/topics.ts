/** MQTT topics of the architecture guide ("Device traffic") and docs/requirements/realtime-broker.md#topics. */
export const topics = {
  deviceUp: (imei: string) => `sfwatch/${imei}/up`,
  deviceServer: (imei: string) => `sfwatch/${imei}/server`,
  deviceClient: (imei: string) => `sfwatch/${imei}/client`,
  userWeb: (userId: string | number) => `acm/${userId}/web`,
  noticeWeb: 'acm/notice/web',
} as const;

/** MQTT-over-WebSocket path on the HTTP port. */
export const MQTT_WS_PATH = '/mqtt';

/**
 * Live positions of one tenant's devices, coalesced and published about once a second by the
 * service (`positionsPushSchema` in src/shared/geo/positions.ts). Consoles of that tenant may
 * subscribe; nobody else publishes there.
 */
export const tenantPositionsTopic = (tenantId: string | number) => `acm/t/${tenantId}/positions`;

/**
 * Dashboard notices of one tenant (code 9040, `dashboardPushSchema` in src/shared/dashboard.ts):
 * something the dashboards count changed. Same subscribers as the positions topic.
 */
export const tenantDashboardTopic = (tenantId: string | number) => `acm/t/${tenantId}/dashboard`;
