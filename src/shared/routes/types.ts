/** Shapes of the route catalogue of src/shared/routes.ts. */

export type Layout = 'admin' | 'map';
export type ScenarioKey =
  | 'dashboard'
  | 'device'
  | 'alarm'
  | 'location'
  | 'video'
  | 'face'
  | 'attendance'
  | 'indoor'
  | 'iot'
  | 'site'
  | 'supervision'
  | 'community'
  | 'mall'
  | 'advert'
  | 'org'
  | 'system';

export interface Scenario {
  key: ScenarioKey;
  cn: string;
  en: string;
  icon: string;
  sort: number;
}

export interface SpecRoute {
  /** route name; also the menu entry's value and the permission check key */
  value: string;
  layout: Layout; // 'admin' children live at '/<value>', 'map' children at '/map/<value>'
  scenario: ScenarioKey; // which directory of the demo menu it is grouped under
  cn: string; // Chinese label (source language of the UI)
  en: string; // English label
  icon: string; // one of the ICONS keys below
  param?: string; // optional path parameter, e.g. 'imei' for unitManagement (/unitManagement/:imei?)
}
