/**
 * Which ffmpeg and ffprobe the service and the simulator run (docs/decisions.md, "Media"): the
 * FFMPEG_PATH / FFPROBE_PATH override, else the one on the PATH, else the build that `npm install`
 * brought (@ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, optional dependencies: a
 * platform without a build still installs, and has no packaged one).
 *
 * Node only: both sides spawn these (the simulator must not import src/server); the console never
 * imports this file (eslint/layers.js keeps src/client from it).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

type MediaTool = 'ffmpeg' | 'ffprobe';
type MediaToolSource = 'env' | 'PATH' | 'packaged';

interface MediaToolFound {
  path: string;
  source: MediaToolSource;
}

const ENV: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const PACKAGE: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

interface MediaToolLookup {
  env?: NodeJS.ProcessEnv;
  /** The packaged build's path, or why there is none (default: the installer package's answer). */
  packaged?: (tool: MediaTool) => { path: string } | { why: string };
}

const load = createRequire(import.meta.url);

/** The installer package's binary for this platform; it throws (sometimes a bare string) when it has none. */
function packagedBuild(tool: MediaTool): { path: string } | { why: string } {
  try {
    return { path: (load(PACKAGE[tool]) as { path: string }).path };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND')
      return { why: `${PACKAGE[tool]} is not installed` };
    return { why: String(err instanceof Error ? err.message : err) };
  }
}

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const file of names.map((n) => join(dir, n))) if (executable(file)) return file;
  }
  return undefined;
}

/** The tool to run and where it came from, or why there is none. */
export function findMediaTool(tool: MediaTool, o: MediaToolLookup = {}): MediaToolFound | { why: string } {
  const env = o.env ?? process.env;
  // An override is taken as given, even when wrong: running it says so, rather than a silent fallback.
  const override = env[ENV[tool]]?.trim();
  if (override) return { path: override, source: 'env' };
  const found = onPath(tool, env);
  if (found) return { path: found, source: 'PATH' };
  const packaged = (o.packaged ?? packagedBuild)(tool);
  if ('path' in packaged && executable(packaged.path)) return { path: packaged.path, source: 'packaged' };
  const why = 'path' in packaged ? `${packaged.path} is not executable` : packaged.why;
  return {
    why: `${tool} not found: not on the PATH, and no packaged build (${why}); install ${tool} or set ${ENV[tool]}`,
  };
}

/**
 * What to spawn: the tool found, else its bare name, whose spawn then fails (ENOENT) and is
 * refused with mediaToolMissing's line.
 */
export function mediaToolPath(tool: MediaTool, o: MediaToolLookup = {}): string {
  const found = findMediaTool(tool, o);
  return 'path' in found ? found.path : tool;
}

/** One line saying why `path` (the tool that failed to start with ENOENT) is not there. */
export function mediaToolMissing(tool: MediaTool, path: string, o: MediaToolLookup = {}): string {
  const found = findMediaTool(tool, o);
  if (!('path' in found)) return found.why;
  const from = found.source === 'env' && found.path === path ? ` from ${ENV[tool]}` : '';
  return `${tool} not found ("${path}"${from})`;
}

/** findMediaTool, with an override checked too: the start line says when it points nowhere. */
function usable(tool: MediaTool, o: MediaToolLookup): MediaToolFound | { why: string } {
  const found = findMediaTool(tool, o);
  if (!('path' in found) || found.source !== 'env') return found;
  const path = /[\\/]/.test(found.path)
    ? executable(found.path)
      ? found.path
      : undefined
    : onPath(found.path, o.env ?? process.env);
  return path ? { path, source: 'env' } : { why: `${ENV[tool]}=${found.path} is not an executable file` };
}

const SOURCE: Record<MediaToolSource, (tool: MediaTool) => string> = {
  env: (tool) => ENV[tool],
  PATH: () => 'from the PATH',
  packaged: (tool) => `packaged: ${PACKAGE[tool]}`,
};

/**
 * The service's start lines about media: which ffmpeg and ffprobe it runs and where they came
 * from, or what is off without them (recordings, cameras, the ads' lengths, posters).
 */
export function mediaToolLines(o: MediaToolLookup = {}): string[] {
  const ffmpeg = usable('ffmpeg', o);
  const ffprobe = usable('ffprobe', o);
  if (!('path' in ffmpeg))
    return [`  media: off, no ffmpeg for recordings, cameras, ad videos and posters (${ffmpeg.why})`];
  return [
    `  ffmpeg: ${ffmpeg.path} (${SOURCE[ffmpeg.source]('ffmpeg')})`,
    'path' in ffprobe
      ? `  ffprobe: ${ffprobe.path} (${SOURCE[ffprobe.source]('ffprobe')})`
      : `  ffprobe: none, cameras are off (${ffprobe.why})`,
  ];
}
