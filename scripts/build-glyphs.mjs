#!/usr/bin/env node
// Builds the map's text glyphs (public/map/glyphs/<font>/<start>-<end>.pbf, the SDF glyph ranges a
// MapLibre style's `glyphs` URL serves) for exactly the characters the offline basemap can draw:
// printable ASCII and Latin-1 (the Latin place names, cluster counts such as "1.2k") and every
// character of the Chinese names in public/map/region.geojson. Ranges no label uses are not
// written, and each written range holds only the glyphs used.
//
// The glyphs are drawn the way MapLibre draws local glyphs: TinySDF (@mapbox/tiny-sdf, already a
// MapLibre dependency) on a canvas in headless Chromium, at 24 px with a 3 px buffer, the metrics
// of server glyphs (top relative to MapLibre's baseline adjustment). The font is Noto Sans SC
// (SIL Open Font License) from @fontsource/noto-sans-sc, which is large and only needed here:
// `npm i --no-save @fontsource/noto-sans-sc@5.3.0` first. Run after scripts/build-basemap.mjs.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PbfWriter } from 'pbf';
import { chromium } from '@playwright/test';

export const FONT = 'NotoSansSC';
const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const fontDir = dirname(require.resolve('@fontsource/noto-sans-sc/400.css'));
const tinySdf = readFileSync(require.resolve('@mapbox/tiny-sdf'), 'utf8').replace(
  'export default class TinySDF',
  'window.TinySDF = class TinySDF',
);

const region = JSON.parse(readFileSync(join(root, 'public/map/region.geojson'), 'utf8'));
const codes = new Set();
for (let c = 32; c < 256; c++) if (c < 127 || c >= 160) codes.add(c);
for (const f of region.features)
  for (const ch of `${f.properties.name ?? ''}${f.properties.name_zh ?? ''}`) codes.add(ch.codePointAt(0));
// Server glyph ranges only cover the Basic Multilingual Plane.
const wanted = [...codes].filter((c) => c < 65536).sort((a, b) => a - b);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
let glyphs;
try {
  const page = await browser.newPage();
  // The font's stylesheet and files come from the package through an origin that never leaves the browser.
  await page.route('http://glyphs.invalid/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/')
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><link rel="stylesheet" href="/400.css">',
      });
    return route.fulfill({ path: join(fontDir, path) });
  });
  await page.goto('http://glyphs.invalid/');
  await page.addScriptTag({ content: tinySdf });
  glyphs = await page.evaluate(async (list) => {
    const text = String.fromCodePoint(...list);
    await document.fonts.load('24px "Noto Sans SC"', text);
    const sdf = new window.TinySDF({
      fontSize: 24,
      buffer: 3,
      radius: 8,
      cutoff: 0.25,
      fontFamily: '"Noto Sans SC", sans-serif',
    });
    return list.map((id) => {
      const g = sdf.draw(String.fromCodePoint(id));
      return {
        id,
        bitmap: Array.from(g.data),
        width: g.glyphWidth,
        height: g.glyphHeight,
        left: g.glyphLeft,
        top: g.glyphTop - 27,
        advance: Math.round(g.glyphAdvance),
      };
    });
  }, wanted);
} finally {
  await browser.close();
}

// glyphs.proto: glyphs { repeated fontstack stacks = 1 }, fontstack { name = 1, range = 2, repeated glyph glyphs = 3 },
// glyph { id = 1, bitmap = 2, width = 3, height = 4, left = 5 (sint), top = 6 (sint), advance = 7 }.
const out = join(root, 'public/map/glyphs', FONT);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const byRange = new Map();
for (const g of glyphs) byRange.set(Math.floor(g.id / 256), [...(byRange.get(Math.floor(g.id / 256)) ?? []), g]);
let bytes = 0;
for (const [range, list] of byRange) {
  const name = `${range * 256}-${range * 256 + 255}`;
  const pbf = new PbfWriter();
  pbf.writeMessage(1, (_, p) => {
    p.writeStringField(1, FONT);
    p.writeStringField(2, name);
    for (const g of list) {
      p.writeMessage(3, (__, q) => {
        q.writeVarintField(1, g.id);
        if (g.width > 0 && g.height > 0) q.writeBytesField(2, Uint8Array.from(g.bitmap));
        q.writeVarintField(3, g.width);
        q.writeVarintField(4, g.height);
        q.writeSVarintField(5, g.left);
        q.writeSVarintField(6, g.top);
        q.writeVarintField(7, g.advance);
      });
    }
  });
  const buf = pbf.finish();
  bytes += buf.length;
  writeFileSync(join(out, `${name}.pbf`), buf);
}
console.log(`glyphs: ${glyphs.length} glyphs in ${byRange.size} ranges, ${(bytes / 1024).toFixed(0)} KB, ${out}`);
