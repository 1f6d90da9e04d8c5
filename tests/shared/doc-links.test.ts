/**
 * Every citation of the requirements (docs/requirements/README.md#how-to-read-these-files) must
 * lead somewhere: a comment or document naming `docs/requirements/<file>.md#<anchor>` fails here
 * when the file is missing or no heading of it has that anchor. Links between the requirement
 * files themselves are checked the same way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const REQ_DIR = join(ROOT, 'docs', 'requirements');
const SCANNED = ['src', 'tests', 'docs', 'README.md'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md|css|html|json)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage']);

/** `docs/requirements/<name>.md` with an optional `#anchor`. */
const CITATION = /docs\/requirements\/([A-Za-z0-9_.-]+\.md)(?:#([A-Za-z0-9_-]+))?/g;
/** A relative markdown link `](path.md#anchor)` or `](#anchor)`. */
const MD_LINK = /\]\(((?!https?:)[^)#\s]*\.md)?(?:#([^)\s]+))?\)/g;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : files(join(path, entry.name));
    return EXTENSIONS.test(entry.name) ? [join(full, entry.name)] : [];
  });
}

/** GitHub's heading anchor: lower case, punctuation other than '-' and '_' dropped, spaces to '-'. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a markdown file's headings (outside code fences), with GitHub's -1, -2 for repeats. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

interface Problem {
  where: string;
  cites: string;
  why: string;
}

function check(where: string, target: string, anchor: string | undefined, cites: string, out: Problem[]) {
  if (!exists(target)) out.push({ where, cites, why: 'no such file' });
  else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor.toLowerCase())) {
    out.push({ where, cites, why: `no heading with anchor #${anchor}` });
  }
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function citationProblems(): { count: number; problems: Problem[] } {
  const problems: Problem[] = [];
  let count = 0;
  for (const file of SCANNED.flatMap(files)) {
    if (file === __filename) continue;
    const text = readFileSync(file, 'utf8');
    const rel = relative(ROOT, file);
    for (const m of text.matchAll(CITATION)) {
      count++;
      check(`${rel}:${lineOf(text, m.index)}`, join(REQ_DIR, m[1] ?? ''), m[2], m[0], problems);
    }
  }
  return { count, problems };
}

/**
 * Relative markdown links: every link of a requirement file, and every link of the other documents
 * (docs/, README.md) that leads into docs/requirements.
 */
function linkProblems(): { count: number; problems: Problem[] } {
  const problems: Problem[] = [];
  let count = 0;
  for (const file of ['docs', 'README.md'].flatMap(files).filter((f) => f.endsWith('.md'))) {
    const inRequirements = file.startsWith(REQ_DIR + sep);
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '));
    const rel = relative(ROOT, file);
    for (const m of text.matchAll(MD_LINK)) {
      const target = m[1] ? resolve(dirname(file), m[1]) : file;
      if (!target.startsWith(ROOT + sep)) continue;
      if (!inRequirements && !target.startsWith(REQ_DIR + sep)) continue;
      count++;
      check(`${rel}:${lineOf(text, m.index)}`, target, m[2], m[0], problems);
    }
  }
  return { count, problems };
}

describe('citations of docs/requirements', () => {
  it('slugs headings the way GitHub does', () => {
    expect(slug('Default status variant')).toBe('default-status-variant');
    expect(slug('Tables, trees and formats')).toBe('tables-trees-and-formats');
    expect(slug('Calls and errors (HTTP)')).toBe('calls-and-errors-http');
    expect(slug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
  });

  it('cite a file that exists and a heading it has', () => {
    const { count, problems } = citationProblems();
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });

  it('are linked to, and link each other, by files and headings that exist', () => {
    const { count, problems } = linkProblems();
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(20);
  });
});
