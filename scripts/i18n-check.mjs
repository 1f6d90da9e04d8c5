#!/usr/bin/env node
// `npm run i18n:check`: regenerates the route labels, re-extracts the catalogs from the code
// (so they match it), then fails if a non-source catalog is missing, has an untranslated
// message, or drops/invents a placeholder of the Chinese source.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Lingui's own ICU compiler (a dependency of @lingui/core), so a broken plural fails here, not at run time.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

// Not new URL('..', import.meta.url): under jsdom (client tests) URL is jsdom's and mangles file: URLs.
const root = `${dirname(dirname(fileURLToPath(import.meta.url)))}/`;
export const SOURCE = 'cn';
export const TARGETS = ['en', 'es', 'fr', 'de', 'ru', 'ar'];
export const catalogPath = (lang) => `${root}locales/${lang}/messages.po`;

function unquote(line) {
  const m = /^"(.*)"\s*$/.exec(line.trim());
  if (!m) throw new Error(`po: expected a quoted string, got: ${line}`);
  return JSON.parse(`"${m[1].replace(/\\'/g, "'")}"`);
}

/**
 * Parses the messages of a .po file: [{ msgid, msgctxt?, msgstr: string[], obsolete, comments }].
 * The header (empty msgid) is skipped. Plural forms land in msgstr by index.
 */
export function parsePo(text) {
  const entries = [];
  let entry = null;
  let field = null; // [name, index] of the field continuation lines append to
  const flush = () => {
    if (entry && entry.msgid !== undefined && entry.msgid !== '') entries.push(entry);
    entry = null;
    field = null;
  };
  const start = () => (entry ??= { msgstr: [], obsolete: false, comments: [] });
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    let obsolete = false;
    if (line.startsWith('#~')) {
      obsolete = true;
      line = line.slice(2).trim();
    } else if (line.startsWith('#')) {
      if (entry && entry.msgid !== undefined) flush(); // comments open the next entry
      start().comments.push(line);
      continue;
    }
    const m = /^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(".*")$/.exec(line);
    if (m) {
      const [, name, index, value] = m;
      if ((name === 'msgid' || name === 'msgctxt') && entry && entry.msgid !== undefined) flush();
      const e = start();
      e.obsolete ||= obsolete;
      field = [name, Number(index ?? 0)];
      if (name === 'msgstr') e.msgstr[field[1]] = unquote(value);
      else e[name] = unquote(value);
    } else if (line.startsWith('"') && entry && field) {
      const [name, index] = field;
      if (name === 'msgstr') entry.msgstr[index] += unquote(line);
      else entry[name] += unquote(line);
    } else {
      throw new Error(`po: cannot read line: ${raw}`);
    }
  }
  flush();
  return entries;
}

const keyOf = (e) => (e.msgctxt ? `${e.msgctxt}\u0004${e.msgid}` : e.msgid);

/**
 * ICU argument names ({name}, {0}, {count, plural, ...}) and Lingui JSX tags (<0>, </0>, <1/>)
 * of a message. Arguments open at even brace depth; odd depths are plural/select branch bodies.
 */
export function placeholders(message) {
  const names = new Set();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === '{') {
      const m = depth % 2 === 0 ? /^\{\s*([\w.]+)\s*[,}]/.exec(message.slice(i)) : null;
      if (m) names.add(`{${m[1]}}`);
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
    } else if (c === '<') {
      const m = /^<\/?\d+\/?>/.exec(message.slice(i));
      if (m) names.add(m[0]);
    }
  }
  return [...names].sort();
}

/**
 * Problems of one target catalog against the source catalog: untranslated (empty msgstr),
 * missing from the target, unparsable ICU, or placeholder sets that differ from the source text.
 */
export function findProblems(sourceEntries, targetEntries) {
  const live = (list) => new Map(list.filter((e) => !e.obsolete).map((e) => [keyOf(e), e]));
  const source = live(sourceEntries);
  const target = live(targetEntries);
  const problems = [];
  for (const [key, src] of source) {
    const t = target.get(key);
    if (!t) {
      problems.push({ msgid: key, problem: 'missing' });
      continue;
    }
    const text = t.msgstr[0] ?? '';
    if (text.trim() === '' || t.msgstr.some((s) => s === undefined || s.trim() === '')) {
      problems.push({ msgid: key, problem: 'untranslated' });
      continue;
    }
    try {
      compileMessageOrThrow(text);
    } catch (error) {
      problems.push({ msgid: key, problem: `invalid ICU message (${String(error.message).split('\n')[0]})` });
      continue;
    }
    const srcText = src.msgstr[0] || src.msgid;
    const want = placeholders(srcText).join(',');
    const got = placeholders(text).join(',');
    if (want !== got) problems.push({ msgid: key, problem: `placeholders [${got}] instead of [${want}]` });
  }
  return problems;
}

function extract() {
  const gen = spawnSync(process.execPath, [`${root}scripts/gen-route-labels.mjs`], { cwd: root, encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(`gen-route-labels failed:\n${gen.stdout}${gen.stderr}`);
  const run = spawnSync('npx', ['lingui', 'extract', '--clean'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  if (run.status !== 0) throw new Error(`lingui extract failed:\n${run.stdout}${run.stderr}`);
}

function main() {
  if (!process.argv.includes('--no-extract')) extract();
  const sourceFile = catalogPath(SOURCE);
  if (!existsSync(sourceFile)) {
    console.error(`i18n: source catalog ${sourceFile} is missing`);
    process.exit(1);
  }
  const source = parsePo(readFileSync(sourceFile, 'utf8'));
  const count = source.filter((e) => !e.obsolete).length;
  const missingCatalogs = [];
  const byMessage = new Map(); // problem line -> languages, so one untranslated string is one line
  for (const lang of TARGETS) {
    const file = catalogPath(lang);
    if (!existsSync(file)) {
      missingCatalogs.push(lang);
      continue;
    }
    for (const p of findProblems(source, parsePo(readFileSync(file, 'utf8')))) {
      const line = `${p.problem}: ${JSON.stringify(p.msgid)}`;
      byMessage.set(line, [...(byMessage.get(line) ?? []), lang]);
    }
  }
  if (missingCatalogs.length > 0 || byMessage.size > 0) {
    console.error(`i18n: ${count} messages; catalogs incomplete:`);
    for (const lang of missingCatalogs) console.error(`  ${lang}: catalog locales/${lang}/messages.po is missing`);
    const lines = [...byMessage].map(([line, langs]) => `  [${langs.join(',')}] ${line}`);
    for (const line of lines.slice(0, 300)) console.error(line);
    if (lines.length > 300) console.error(`  ... and ${lines.length - 300} more`);
    process.exit(1);
  }
  console.log(`i18n: ${count} messages, ${TARGETS.length} catalogs complete`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
