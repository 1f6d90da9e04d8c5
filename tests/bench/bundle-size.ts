import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped size of the JavaScript a first visit must load before the console can render:
 * the entry script and every chunk index.html preloads. Lazily loaded chunks (maps, charts,
 * non-source locales, route screens) are not counted: that is the point of the figure.
 */
export function initialJsGzip(distDir: string): { files: { file: string; gzip: number }[]; total: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]!);
  const files = [...refs].map((ref) => {
    const file = ref.replace(/^\//, '');
    return { file, gzip: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length };
  });
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
