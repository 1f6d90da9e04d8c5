import { yuanToFen } from './payments';

/**
 * Freight (运费模板, the mall's freight templates): pure, shared by the service (order quote and place)
 * and the console (the template screen's preview). Regions are paths of the bundled region data's
 * names, "省/市/区" ("广东省/深圳市/南山区"); a rule naming "广东省" covers the whole province, one naming
 * "广东省/深圳市" the city, and the most specific rule that covers the address wins.
 */

/** How a template counts: by weight (units in kg) or by piece. */
export const FREIGHT_MODE = { weight: 0, piece: 1 } as const;

/** First and additional unit with their prices in yuan (kg or pieces by the template's mode). */
interface FreightCharge {
  firstUnit: number;
  firstPrice: number;
  addUnit: number;
  addPrice: number;
}

/** A per-region override: its charges, and (when given) its own free-shipping thresholds (null: none there). */
export interface FreightRule extends FreightCharge {
  regions: string[];
  freeAmount?: number | null;
  freePieces?: number | null;
}

export interface FreightTemplateLike extends FreightCharge {
  mode: number;
  /** Free shipping from this order amount (yuan) of the template's items; null: no threshold. */
  freeAmount: number | null;
  /** Free shipping from this many pieces; null: no threshold. */
  freePieces: number | null;
  rules: FreightRule[];
}

export interface FreightItem {
  qty: number;
  /** One piece's weight in grams. */
  weightG: number;
  priceFen: number;
}

const regionCovers = (rule: string, regionCode: string): boolean =>
  regionCode === rule || regionCode.startsWith(`${rule}/`);

/** The rule that applies to the region: the most specific covering one, else none (the template's defaults). */
export function ruleFor(template: FreightTemplateLike, regionCode: string): FreightRule | undefined {
  let best: FreightRule | undefined;
  let depth = -1;
  for (const rule of template.rules ?? []) {
    for (const r of rule.regions) {
      const d = r.split('/').length;
      if (regionCovers(r, regionCode) && d > depth) {
        best = rule;
        depth = d;
      }
    }
  }
  return best;
}

/** The freight in fen of these items sent to regionCode under the template. */
export function freightFor(template: FreightTemplateLike, items: readonly FreightItem[], regionCode: string): number {
  const pieces = items.reduce((n, i) => n + i.qty, 0);
  if (pieces <= 0) return 0;
  const goodsFen = items.reduce((n, i) => n + i.priceFen * i.qty, 0);
  const rule = ruleFor(template, regionCode);
  const freeAmount = rule && rule.freeAmount !== undefined ? rule.freeAmount : template.freeAmount;
  const freePieces = rule && rule.freePieces !== undefined ? rule.freePieces : template.freePieces;
  if (freeAmount != null && freeAmount >= 0 && goodsFen >= yuanToFen(freeAmount)) return 0;
  if (freePieces != null && freePieces > 0 && pieces >= freePieces) return 0;
  const c: FreightCharge = rule ?? template;
  // Weight counts in grams so 0.5 kg units stay exact.
  const byWeight = template.mode === FREIGHT_MODE.weight;
  const amount = byWeight ? items.reduce((n, i) => n + Math.max(0, i.weightG) * i.qty, 0) : pieces;
  const first = byWeight ? Math.round(c.firstUnit * 1000) : c.firstUnit;
  const add = byWeight ? Math.round(c.addUnit * 1000) : c.addUnit;
  let fen = yuanToFen(c.firstPrice);
  if (amount > first && add > 0) fen += Math.ceil((amount - first) / add) * yuanToFen(c.addPrice);
  return fen;
}
