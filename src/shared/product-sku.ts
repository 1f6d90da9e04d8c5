import type { MsgKey } from './messages';

/** Limits of the product form (src/entities/product/routes.ts checks them too). */
export const PRODUCT_LIMITS = { images: 9, skus: 200, specs: 3, priceFen: 100_000_000, stock: 1_000_000 } as const;

/** One specification of a product: a name and the values it offers, e.g. 颜色: 红, 蓝, 黑. */
export interface SpecLine {
  name: string;
  values: string[];
}

/** A SKU as the product form sends it (price in fen). */
export interface SkuInput {
  id?: number;
  specs: Record<string, string>;
  code?: string | null;
  priceFen: number;
  stock: number;
  image?: string | null;
  status?: number;
}

/** Spec values of a template's text: one per line or separated by commas (，、,). */
export function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,，、;；]/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** The stable key of a combination: the values in the order of the product's spec lines. */
function comboKey(specs: readonly SpecLine[], combo: Record<string, string>): string {
  return specs.map((s) => combo[s.name] ?? '').join('\u0001');
}

/**
 * Every combination of the product's spec lines' values (the SKU matrix), in order: 颜色 红/蓝 x 尺码 M/L
 * gives 红M, 红L, 蓝M, 蓝L. No spec line: one combination without specs. A line without values
 * is skipped.
 */
export function skuMatrix(specs: readonly SpecLine[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const line of specs) {
    if (!line.name.trim() || !line.values.length) continue;
    combos = combos.flatMap((c) => line.values.map((v) => ({ ...c, [line.name]: v })));
  }
  return combos;
}

/**
 * The new matrix keeps what was typed for combinations that remain (price, stock, code, id) and
 * starts new ones from the defaults; combinations no longer possible are dropped.
 */
export function mergeMatrix(
  specs: readonly SpecLine[],
  previous: readonly SkuInput[],
  defaults: { priceFen: number; stock: number },
): SkuInput[] {
  const byKey = new Map(previous.map((s) => [comboKey(specs, s.specs), s]));
  return skuMatrix(specs).map((combo) => {
    const kept = byKey.get(comboKey(specs, combo));
    return kept
      ? { ...kept, specs: combo }
      : { specs: combo, priceFen: defaults.priceFen, stock: defaults.stock, code: '', status: 1 };
  });
}

/** "颜色:红 / 尺码:L" (or "默认" without specs). */
export function specText(specs: Record<string, string> | null | undefined): string {
  const entries = Object.entries(specs ?? {});
  return entries.length ? entries.map(([k, v]) => `${k}:${v}`).join(' / ') : '默认';
}

/**
 * What is wrong with a product's SKUs, or null: at least one; each names a value for every spec
 * line and only those; no combination twice; prices and stock whole, not negative and within the
 * limits; codes unique.
 */
export function skuProblem(specs: readonly SpecLine[], skus: readonly SkuInput[]): MsgKey | null {
  if (!skus.length) return 'productSkuRequired';
  if (skus.length > PRODUCT_LIMITS.skus || specs.length > PRODUCT_LIMITS.specs) return 'tooLarge';
  const names = specs.map((s) => s.name);
  if (new Set(names).size !== names.length) return 'productSpecDuplicate';
  const seen = new Set<string>();
  const codes = new Set<string>();
  for (const sku of skus) {
    const keys = Object.keys(sku.specs);
    if (
      keys.length !== names.length ||
      !names.every((n) => specs.find((s) => s.name === n)!.values.includes(sku.specs[n] ?? '\u0000'))
    )
      return 'productSkuSpecsInvalid';
    const key = comboKey(specs, sku.specs);
    if (seen.has(key)) return 'productSkuDuplicate';
    seen.add(key);
    if (!Number.isInteger(sku.priceFen) || sku.priceFen < 0 || sku.priceFen > PRODUCT_LIMITS.priceFen)
      return 'productSkuPriceInvalid';
    if (!Number.isInteger(sku.stock) || sku.stock < 0 || sku.stock > PRODUCT_LIMITS.stock)
      return 'productSkuStockInvalid';
    const code = sku.code?.trim();
    if (code) {
      if (codes.has(code)) return 'productSkuCodeDuplicate';
      codes.add(code);
    }
  }
  return null;
}
