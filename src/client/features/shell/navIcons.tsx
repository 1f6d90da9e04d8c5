import {
  IconAccessPoint, IconAlarm, IconBell, IconBolt, IconBuildingCommunity, IconBuildingSkyscraper,
  IconBuildingWarehouse, IconCalendarCheck, IconCamera, IconChartBar, IconChecklist, IconDashboard,
  IconDeviceSim, IconDeviceWatch, IconFaceId, IconFileText, IconGauge, IconMap, IconMap2, IconMapPin,
  IconPackage, IconPhone, IconPoint, IconPolygon, IconReceipt, IconSettings, IconShieldCheck,
  IconShoppingCart, IconSitemap, IconSpeakerphone, IconUser, IconUsersGroup, IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { ICONS } from '../../../shared/routes';

const NAV_ICONS: Record<(typeof ICONS)[number], Icon> = {
  dashboard: IconDashboard,
  device: IconDeviceWatch,
  alarm: IconAlarm,
  map: IconMap,
  video: IconVideo,
  user: IconUser,
  role: IconUsersGroup,
  tenant: IconBuildingSkyscraper,
  department: IconSitemap,
  settings: IconSettings,
  sim: IconDeviceSim,
  bill: IconReceipt,
  chart: IconChartBar,
  camera: IconCamera,
  face: IconFaceId,
  attendance: IconCalendarCheck,
  building: IconBuildingCommunity,
  mall: IconShoppingCart,
  advert: IconSpeakerphone,
  task: IconChecklist,
  document: IconFileText,
  location: IconMapPin,
  fence: IconPolygon,
  indoor: IconMap2,
  uwb: IconAccessPoint,
  phone: IconPhone,
  bell: IconBell,
  package: IconPackage,
  warehouse: IconBuildingWarehouse,
  shield: IconShieldCheck,
  sensor: IconGauge,
  power: IconBolt,
};

/** The icon of a navigation entry's icon key; unknown keys get a neutral dot. */
export function navIcon(key: string | null | undefined): Icon {
  return (key && Object.prototype.hasOwnProperty.call(NAV_ICONS, key) ? NAV_ICONS[key as keyof typeof NAV_ICONS] : undefined) ?? IconPoint;
}
