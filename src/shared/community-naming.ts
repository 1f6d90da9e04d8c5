import type { MsgKey } from './messages';

/** Bounds of the room generator: larger communities are refused with 'communityTooLarge'. */
export const COMMUNITY_LIMITS = { buildings: 100, units: 20, floors: 200, rooms: 50, totalRooms: 50_000 } as const;

/**
 * Room naming rules: literal text with the placeholders {building}, {unit}, {floor} and {room},
 * each optionally zero-padded to a width ({room:02} writes room 3 as "03"; a wider number is
 * written whole). {room} and {floor} are required, so two rooms of a unit never share a name.
 * Shared: the console checks and previews a rule with the same code the service generates with.
 */
export type Placeholder = 'building' | 'unit' | 'floor' | 'room';

export type RulePart = { text: string } | { key: Placeholder; width: number };

type RuleCheck = { ok: true; parts: RulePart[] } | { ok: false; key: MsgKey };

const TOKEN = /\{([^{}]*)\}/g;
const PLACEHOLDER = /^(building|unit|floor|room)(?::0?([1-9]))?$/;

/** Parses and checks a rule: unknown or malformed placeholders, stray braces, missing {room}/{floor}. */
export function parseNamingRule(rule: string): RuleCheck {
  const parts: RulePart[] = [];
  let last = 0;
  for (const m of rule.matchAll(TOKEN)) {
    const text = rule.slice(last, m.index);
    if (/[{}]/.test(text)) return { ok: false, key: 'namingRuleUnknown' };
    if (text) parts.push({ text });
    const p = PLACEHOLDER.exec(m[1]!.trim());
    if (!p) return { ok: false, key: 'namingRuleUnknown' };
    parts.push({ key: p[1] as Placeholder, width: p[2] ? Number(p[2]) : 0 });
    last = m.index + m[0].length;
  }
  const tail = rule.slice(last);
  if (/[{}]/.test(tail)) return { ok: false, key: 'namingRuleUnknown' };
  if (tail) parts.push({ text: tail });
  const keys = new Set(parts.flatMap((p) => ('key' in p ? [p.key] : [])));
  if (!keys.has('room')) return { ok: false, key: 'namingRuleNeedsRoom' };
  if (!keys.has('floor')) return { ok: false, key: 'namingRuleNeedsFloor' };
  return { ok: true, parts };
}

interface RoomPosition {
  building: number;
  unit: number;
  floor: number;
  room: number;
}

const pad = (n: number, width: number) => {
  const s = String(n);
  return s.length >= width ? s : '0'.repeat(width - s.length) + s;
};

/** The name of a room under parsed rule parts. */
function roomNameOf(parts: readonly RulePart[], at: RoomPosition): string {
  return parts.map((p) => ('text' in p ? p.text : pad(at[p.key], p.width))).join('');
}

/** The name under a rule given as text; throws on an invalid rule (check it first). */
export function roomName(rule: string, at: RoomPosition): string {
  const r = parseNamingRule(rule);
  if (!r.ok) throw new Error(r.key);
  return roomNameOf(r.parts, at);
}

interface CommunitySizes {
  buildingCount: number;
  unitCount: number;
  floorCount: number;
  roomCount: number;
}

/** The number of rooms the sizes generate, or the refusal: 'communityTooLarge' beyond COMMUNITY_LIMITS. */
export function checkSizes(s: CommunitySizes): { ok: true; rooms: number } | { ok: false; key: MsgKey } {
  const L = COMMUNITY_LIMITS;
  const values = [s.buildingCount, s.unitCount, s.floorCount, s.roomCount];
  if (values.some((v) => !Number.isInteger(v) || v < 0)) return { ok: false, key: 'communityTooLarge' };
  if (s.buildingCount > L.buildings || s.unitCount > L.units || s.floorCount > L.floors || s.roomCount > L.rooms)
    return { ok: false, key: 'communityTooLarge' };
  const rooms = s.buildingCount * s.unitCount * s.floorCount * s.roomCount;
  if (rooms > L.totalRooms) return { ok: false, key: 'communityTooLarge' };
  if (rooms === 0) return { ok: false, key: 'communityNoSizes' };
  return { ok: true, rooms };
}
